// Reads the two ways people write a VMFleet/DISKSPD workload into a DiskspdSpec
// (one target; see diskspd_xml.hpp and vmfleet2_workloads.hpp for several):
//
//   DISKSPD command line   "-b4K -t2 -o32 -w0 -r -d60 -W10 -Sh -L -c10G"
//   VMFleet profile name   "B4-T2-O32-W0-PR"   (B KiB, T threads, O outstanding,
//                                              W write %, P R | S | SI)
//
// Command line flags (either '-' or '/' may start a flag), as DISKSPD 2.x reads them:
//   -b<size>   block size            default 64K (as DISKSPD); at most 4 GiB - 512 B, and a
//                                    multiple of 512 with -Sh (unbuffered I/O moves whole sectors)
//   -t<n>      threads per target    default 1
//   -o<n>      outstanding per thread default 2
//   -F<n>      total threads instead of -t (with one target the same threads)
//   -O<n>      outstanding per thread with -F (wins over -o)
//   -w<pct>    write percentage 0-100 default 0
//   -r[<align>] random, offsets aligned to <align> (default: block size; a multiple of 512 with -Sh)
//   -rs<pct>   percent of I/Os random (1-100), the rest continue sequentially
//              from the thread's previous I/O with its type (implies random)
//   -rdpct<IO%>/<target%>[:...]  -rdabs<IO%>/<size>[:...]  non-uniform random
//              offsets over consecutive ranges; IO% 0 = a gap; the IO% left
//              over go to the rest of the region (see diskspd_regions.hpp)
//   -s[<stride>] sequential per thread; -si[<stride>] one interleaved stream
//                (default when none of -r/-s/-si: sequential; a stride must equal the block size)
//   -T<size>   thread stride: with -s, thread k starts at -B + k x <size> (a multiple of 512 with -Sh)
//   -B<size>   base offset: the target's region starts here (a multiple of 512 with -Sh)
//   -f<size>   maximum offset: the region ends here (default: the file's end)
//   -d<s>      duration, seconds     default 10
//   -W<s>      warm-up, seconds      default 5
//   -S, -Su, -Sh, -Suw, -h  software cache off (default: on); -Sb cache on; -Sw write-through only
//   -L         latency statistics    default off
//   -c<size>   file size (working set)
//   -g<n>      per-thread limit in bytes per millisecond (1 to 2^32-1); -g<n>i in
//              IOPS, converted as DISKSPD does to n x block / 1000 bytes per ms
//              by integer division (a result of 0 is refused)
//   -Z         zero-filled write buffers; -Zr new random data for every write
//              (costs guest CPU per byte); -Z<size>[,<file>] a random (or
//              file-filled) source buffer. Only -Zr changes the simulation: the
//              others fill buffers once and no modelled layer reads data content.
//   accepted and not modelled: -C<s> (cool-down), -D[<ms>] (IOPS statistics),
//   -z[<seed>] (DISKSPD's own random seed)
//   refused: -i/-j (bursts with think time: not modelled yet), -fr/-fs/-ft
//   (file-access hints), and every switch not listed here.
// Sizes are DISKSPD sizes: a whole number with an optional K, M, G or T (binary).
// Other tokens: a leading "diskspd"/"diskspd.exe" is skipped and one target path
// may be given (it is not used; "/dev/sdb", with a second '/', is a path, not a flag). Unknown or malformed flags throw
// DiskspdError naming the flag. Combinations the model cannot run (-rs with -s, -T with -r, a region too small for a
// block...) are checked by models::check_diskspd.
//
// A VMFleet profile sets -Sh and -L (VMFleet always passes them); duration and
// warm-up stay 0 (the scenario's run: section governs the simulated time).
#pragma once

#include <optional>
#include <stdexcept>
#include <string_view>

#include "models/spec/workload_spec.hpp"

namespace hcisim::frontend {

class DiskspdError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// The rules a target's values must meet, whichever way it was written. The
// command line and an XML profile read their text each their own way, then both
// hand what they read to check_target: one function, so what one refuses the
// other refuses too (<Random>16385</Random> as -r16385). Each names the value in
// its own terms: a flag (-r16385), an element (<Random> at its line).
enum class TargetField {
  BlockSize,
  Threads,
  Outstanding,
  WriteRatio,
  RandomRatio,
  RandomAlignment,
  BaseOffset,
  ThreadStride,
  Stride,
  Throughput,
  Ranges
};

struct TargetProblem {
  TargetField field;
  std::string expected;  // what the field must be: "a thread count from 1 to 4096"
  // Unbuffered I/O (-Sh, XML DisableOSCache) moves whole 512-byte sectors at
  // sector-aligned file offsets (FILE_FLAG_NO_BUFFERING, like Linux O_DIRECT), so
  // the block size, the random alignment, the base offset and the thread stride
  // must be multiples of 512: true when that is the rule broken (never with the cache on).
  bool sector = false;
  std::size_t range = 0;  // Ranges: which one (0-based)
};

// The first rule `target` breaks, in the order of TargetField: the block size
// (1 byte to 4 GiB - 512 B), threads (1-4096), outstanding I/Os (1-65536), the
// write and random percentages, the 512-byte alignment of unbuffered I/O, a
// sequential `stride` (as given; none: not given) equal to the block, the -g
// limit (1 to 2^32 - 1 bytes per ms, an IOPS limit after its conversion), the
// -rdpct / -rdabs ranges (IO% 0-100; target% 1-100 or a size above 0).
std::optional<TargetProblem> check_target(const models::DiskspdTarget& target,
                                          std::optional<std::uint64_t> stride = std::nullopt);

// DISKSPD's -g<n>i (XML Throughput unit="IOPS"): n x block / 1000 bytes per ms,
// by integer division (saturating; check_target refuses 0 and more than 2^32 - 1).
std::uint64_t iops_limit_bytes_per_ms(std::uint64_t iops, std::uint64_t block_bytes);

models::DiskspdSpec parse_diskspd_command(std::string_view command_line);
models::DiskspdSpec parse_vmfleet_profile(std::string_view profile);

}  // namespace hcisim::frontend
