// Reads the two ways people write a VMFleet/DISKSPD workload into a DiskspdSpec:
//
//   DISKSPD command line   "-b4K -t2 -o32 -w0 -r -d60 -W10 -Sh -L -c10G"
//   VMFleet profile name   "B4-T2-O32-W0-PR"   (B KiB, T threads, O outstanding,
//                                              W write %, P R | S | SI)
//
// Command line flags (either '-' or '/' may start a flag):
//   -b<size>   block size            default 64K (as DISKSPD); at most 4 GiB - 512 B, and a
//                                    multiple of 512 with -Sh (unbuffered I/O moves whole sectors)
//   -t<n>      threads per target    default 1
//   -o<n>      outstanding per thread default 2
//   -w<pct>    write percentage 0-100 default 0
//   -r[<align>] random, offsets aligned to <align> (default: block size; a multiple of 512 with -Sh)
//   -s[<stride>] sequential per thread; -si[<stride>] one interleaved stream
//                (default when none of -r/-s/-si: sequential; a stride must equal the block size)
//   -d<s>      duration, seconds     default 10
//   -W<s>      warm-up, seconds      default 5
//   -S, -Su, -Sh, -Suw, -h  software cache off (default: on); -Sb cache on; -Sw write-through only
//   -L         latency statistics    default off
//   -c<size>   file size (working set)
//   -g<n>      per-thread cap in bytes per millisecond; -g<n>i per-thread cap in IOPS
//   accepted and not modelled: -C<s> (cool-down), -D[<ms>] (IOPS statistics),
//   -Z... (write buffer content), -z[<seed>] (DISKSPD's own random seed)
// Sizes are DISKSPD sizes: a whole number with an optional K, M, G or T (binary).
// Other tokens: a leading "diskspd"/"diskspd.exe" is skipped and one target path
// may be given (it is not used; "/dev/sdb", with a second '/', is a path, not a flag). Unknown or malformed flags throw DiskspdError
// naming the flag.
//
// A VMFleet profile sets -Sh and -L (VMFleet always passes them); duration and
// warm-up stay 0 (the scenario's run: section governs the simulated time).
#pragma once

#include <stdexcept>
#include <string_view>

#include "models/spec/workload_spec.hpp"

namespace hcisim::frontend {

class DiskspdError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

models::DiskspdSpec parse_diskspd_command(std::string_view command_line);
models::DiskspdSpec parse_vmfleet_profile(std::string_view profile);

}  // namespace hcisim::frontend
