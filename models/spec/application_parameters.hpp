// The parameters of an application part (oltp_spec.hpp), declared once: the
// catalog's keys of kind application, their nested mappings' keys and plain bounds.
#pragma once

#include <vector>

#include "models/spec/parameter.hpp"

namespace hcisim::models {

namespace oltp_limits {
// Per transaction. TPC-C transactions take ~0.5-5 M cycles and ~20-800 page reads; the caps
// (30 s of one 3 GHz core, 1 M pages = 8 GB read) are far beyond any OLTP engine.
inline constexpr double kMinCpuScale = 1e-3;  // cpu_scale is a calibration handle on
inline constexpr double kMaxCpuScale = 1000;  // cpu_cycles (the VxRack VMs saturate near 11)
inline constexpr double kMaxCycles = 1e11;
inline constexpr double kMaxPages = 1e6;
inline constexpr double kMaxWriteBytes = 1 << 30;   // a page, sector or write size: 1 GiB
inline constexpr double kMaxOutstanding = 1 << 16;  // I/Os in flight
}  // namespace oltp_limits

const std::vector<Parameter>& application_parameters();

}  // namespace hcisim::models
