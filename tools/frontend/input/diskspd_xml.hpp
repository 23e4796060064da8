// Reads a DISKSPD XML profile (what `diskspd -X<file>` runs and `-Rxml`/`-Rp`
// write; mechanisms.md 2.3) into a DiskspdSpec. The elements and what they mean:
//
//   Profile > TimeSpans > TimeSpan (exactly one: hcisim runs one measured
//     interval; a second TimeSpan is refused at its line)
//   TimeSpan: Duration, Warmup, Cooldown (seconds: as -d -W -C; the scenario's
//     run: section sets simulated time), RandSeed (as -z), MeasureLatency (-L),
//     ThreadCount / RequestCount (-F / -O; one target only), Targets
//   Target: Path (every target must name the same file: a VM has one disk),
//     BlockSize (-b), ThreadsPerFile (-t), RequestCount (-o), WriteRatio (-w),
//     Random (alignment: -r<align>) with RandomRatio (-rs), StrideSize (-s<stride>),
//     InterlockedSequential (-si), Distribution (Percent | Absolute with
//     <Range IO="%">span</Range>: -rdpct / -rdabs), BaseFileOffset (-B),
//     MaxFileSize (-f), FileSize (-c), ThreadStride (-T),
//     Throughput unit="BPMS|IOPS" (-g / -g<n>i), DisableOSCache / WriteThrough (-S),
//     WriteBufferContent (Pattern sequential | zero | random, RandomDataSource:
//     -Z, -Zr, -Z<size>[,<file>])
//   Accepted because they change only DISKSPD's output: Progress, ResultFormat,
//     Verbose, CalculateIopsStdDev, IoBucketDuration.
//   Accepted only at DISKSPD's default (false, 0, IOPriority 3), refused
//     otherwise because the model does not simulate them: CompletionRoutines,
//     DisableAffinity, SequentialScan, RandomAccess, TemporaryFile,
//     UseLargePages, ParallelAsyncIO, IOPriority, BurstSize, ThinkTime.
//   Every other element (Weight, ThreadTargets, Affinity, ETW, PrecreateFiles,
//     ...) and every unknown attribute is refused.
// Errors throw DiskspdError "FILE:LINE: <Element>: ...".
#pragma once

#include <filesystem>
#include <string>

#include "models/spec/workload_spec.hpp"

namespace hcisim::frontend {

models::DiskspdSpec read_diskspd_xml(const std::filesystem::path& file);
// The same from text; `label` names the file in messages.
models::DiskspdSpec parse_diskspd_xml(const std::string& text, const std::string& label);

}  // namespace hcisim::frontend
