// Reads a fio job file (the INI format of fio 3.x: [global] and [job]
// sections, key=value lines, '#' / ';' comment lines) into the DISKSPD-shaped
// workload the model runs: every fio job and each of its numjobs clones is one
// target in the VM's one virtual disk (fio's own files become consecutive
// regions of it, -B/-f), with one thread keeping iodepth I/Os in flight.
//
// Options (fio HOWTO names and defaults):
//   rw / readwrite   read write randread randwrite rw readwrite randrw (default read)
//   bs / blocksize   one size for reads and writes (default 4k; k = 1024)
//   iodepth          I/Os in flight per job (default 1; 1 for the synchronous engines)
//   numjobs          clones of the job (default 1), each on its own file unless filename is shared
//   rwmixread / rwmixwrite   the read share of rw / randrw (default 50)
//   size             * each file's size; a shared filename: the file's
//   runtime, ramp_time   recorded as -d / -W are (the scenario's run: sets simulated time)
//   rate_iops        per job, as DISKSPD's -g<n>i (n x bs / 1000 bytes per ms per thread,
//                    rounded down; paced on DISKSPD's 15.625 ms tick); reads or writes only
//   random_distribution  random | zipf:theta | pareto:h | zoned:io/size%:... | zoned_abs:io/size:...
//   direct           * must be 1 (unbuffered, as DISKSPD -Sh); buffered=0 says the same
//   ioengine         libaio io_uring posixaio windowsaio (async) | sync psync pvsync pvsync2 vsync
//   filename         jobs naming the same file share it
//   accepted with no effect on the model: name, description, group_reporting, thread, time_based
//                    (the scenario sets the length), randrepeat, norandommap (offsets are drawn
//                    with replacement, as fio's norandommap does; fio's default random map, one
//                    visit per block per pass, is not modelled)
// Every other option, a value the model cannot run, stonewall-style ordering
// and ${ENV} expansion are errors "FILE:LINE: key 'OPTION': ...".
#pragma once

#include <filesystem>
#include <string>

#include "models/spec/workload_spec.hpp"

namespace hcisim::frontend {

models::DiskspdSpec read_fio_job_file(const std::filesystem::path& file);
// The same from text; `label` names the file in messages.
models::DiskspdSpec parse_fio_job_file(const std::string& text, const std::string& label);

}  // namespace hcisim::frontend
