// Every bound the front end puts on what enters the simulator, in one place.
// Each keeps memory and time bounded or rules out what is physically
// meaningless; the error that enforces one names the limit and this file, so
// raising a limit is a one-line change here (and, where a comment says so, a
// check that the model can represent the larger value).
#pragma once

#include <cstddef>
#include <cstdint>

#include "models/spec/hardware_parameters.hpp"
#include "models/spec/stack_parameters.hpp"

namespace hcisim::frontend::limits {

// --- YAML input -----------------------------------------------------------
// One YAML file (scenario, include or catalog part); the bundled ones are a few KiB.
constexpr std::uint64_t kMaxYamlFileBytes = 4ull << 20;  // 4 MiB
// All files one scenario reads through include:, counting repeats.
constexpr std::uint64_t kMaxIncludedBytes = 16ull << 20;  // 16 MiB
constexpr int kMaxIncludes = 64;                          // include entries, counting repeats
constexpr int kMaxIncludeDepth = 16;                      // files nested in one chain
// Values in one document after aliases are expanded ("billion laughs").
constexpr std::uint64_t kMaxYamlValues = 100'000;
// Mappings and lists nested in one another.
constexpr int kMaxYamlDepth = 64;

// Attributes on one element of a DISKSPD XML profile. DISKSPD's schema puts at most two on an
// element (AffinityGroupAssignment Group= Processor=; hcisim reads Throughput unit= and Range IO=)
// and the reader names any other it finds; past this many the file is refused before tinyxml2,
// which takes time quadratic in an element's attributes.
constexpr std::size_t kMaxXmlAttributes = 64;

// --- cluster and VMs (memory grows with each) ------------------------------
constexpr int kMaxNodes = 1024;
// Hyper-V and ESXi both support at most 1,024 running VMs per host.
constexpr int kMaxVmsPerNode = 1024;
constexpr int kMaxVms = 131'072;  // in the whole cluster
// Requests in flight = VMs x threads x outstanding; each is a 128 B request record
// plus the product's state for it (S2D: 16 B, and a 64 B sub-op per copy it touches):
// about 320 B a request at set-up's peak, 1.3 GB at this limit.
constexpr std::uint64_t kMaxRequests = 4'194'304;
using models::part_limits::kMaxDrivesPerNode;  // declared with the node's parameters
constexpr int kMaxDrivesInCluster = 65'536;
// Slabs of every virtual disk together (one extent of 4 B per copy each).
constexpr std::uint64_t kMaxSlabs = 8'388'608;
// Smallest slab (allocation unit): S2D uses 256 MiB, other products 1 MiB chunks.
constexpr std::uint64_t kMinSlabBytes = 1ull << 20;

// --- workload --------------------------------------------------------------
// DISKSPD's -b is a 32-bit byte count; with -Sh it must be a multiple of 512.
constexpr std::uint64_t kMaxBlockBytes = (4ull << 30) - 512;  // 4 GiB - 512 B
constexpr std::uint64_t kSectorBytes = 512;                   // unbuffered I/O alignment

// --- catalog parts (physically meaningful ranges) ---------------------------
// The hardware parts' bounds are declared with their parameters (models/spec/hardware_parameters.hpp,
// part_limits: rpm, drive IOPS, rates and latencies, HBA limits); the ones read here too are named below.
using models::part_limits::kMaxDriveLatencyNs;
using models::part_limits::kMaxPortBitsPerS;
// Any catalog rate: below these no storage part moves data (a rate near 0
// would put the next event beyond the simulator's clock).
constexpr double kMinBitsPerS = 1e6;   // 1 Mb/s
constexpr double kMinBytesPerS = 1e5;  // 100 kB/s
// The mean gap between a hypervisor's background bursts (cycles_per_burst / cycles_per_second).
constexpr double kMaxBackgroundGapS = 3600;
using models::layer_limits::kMaxCyclesPerByte;  // declared with a layer's parameters (stack_parameters.hpp)
using models::layer_limits::kMaxCyclesPerIo;
using models::part_limits::kMaxClockHz;
using models::part_limits::kMaxNetworkLatencyNs;
using models::part_limits::kMinClockHz;
// The cloud parts' caps are bounded with their parameters (models/spec/cloud_parameters.hpp, cloud_limits).
// The OLTP application's are declared with its parameters (models/spec/application_parameters.hpp, oltp_limits).
// A user's mean think time: TPC-C's keying plus think times are ~10-20 s; at most a day.
constexpr std::int64_t kMaxThinkTimeNs = 24ll * 3600 * 1'000'000'000;
// fio pareto:h below this makes the sampler's power log(h) / log(1 - h) overflow or underflow
// toward every I/O on one block; fio's documented example is 0.2 (an 80/20 split).
constexpr double kMinParetoH = 1e-3;

}  // namespace hcisim::frontend::limits
