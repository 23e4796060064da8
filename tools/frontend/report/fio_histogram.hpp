// fio's latency histogram, as fio 3.x keeps it (stat.h: FIO_IO_U_PLAT_BITS 6,
// FIO_IO_U_PLAT_VAL 64, FIO_IO_U_PLAT_GROUP_NR 29, so 1,856 buckets):
// values 0..127 ns have a bucket each; above, every octave [2^e, 2^(e+1)) is 64
// equal buckets of width 2^(e-6), up to the octave that ends at 2^34 ns
// (~17 s); larger values go to the last bucket. fio names a bucket by its
// midpoint (plat_idx_to_val) in JSON+ "bins", and a percentile p is the
// midpoint of the first bucket where the running count reaches p/100 x N
// (calc_clat_percentiles). Checked against fio 3.33's own output in
// tests/frontend/test_fio_json.cpp.
//
// hcisim's histogram (sim::LatencyHistogram) has 128 buckets per octave on the
// same power-of-two edges, so each of its buckets lies inside exactly one of
// fio's: fio's bins are the simulated histogram regrouped, with no estimate.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "models/result/run_result.hpp"

namespace hcisim::frontend::fio {

constexpr int kPlatBits = 6;
constexpr std::uint64_t kPlatVal = std::uint64_t{1} << kPlatBits;
constexpr int kPlatGroups = 29;
constexpr std::size_t kPlatCount = static_cast<std::size_t>(kPlatGroups) * kPlatVal;

// fio's plat_val_to_idx and plat_idx_to_val.
std::size_t plat_index(std::uint64_t ns);
std::uint64_t plat_value(std::size_t index);

// (fio bucket index, samples), ascending, non-empty buckets only.
using PlatBins = std::vector<std::pair<std::size_t, std::uint64_t>>;
PlatBins to_plat_bins(const std::vector<models::LatencyBin>& bins);

// fio's percentile p (0..100] of `total` samples in `bins`, in whole ns.
std::uint64_t plat_percentile(const PlatBins& bins, std::uint64_t total, double p);

// fio's default percentile list (percentile_list), 17 values.
const std::vector<double>& default_percentiles();

// Sample standard deviation (N - 1, as fio's) of the simulated distribution:
// each bucket's samples at its midpoint, around the exact mean.
double stddev_ns(const std::vector<models::LatencyBin>& bins, double mean_ns);

}  // namespace hcisim::frontend::fio
