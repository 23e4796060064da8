#include "tools/frontend/report/fio_histogram.hpp"

#include <bit>
#include <cmath>
#include <stdexcept>

namespace hcisim::frontend::fio {

std::size_t plat_index(std::uint64_t ns) {
  const int msb = ns == 0 ? 0 : std::bit_width(ns) - 1;
  if (msb <= kPlatBits) return static_cast<std::size_t>(ns);
  const int error_bits = msb - kPlatBits;
  const std::size_t base = static_cast<std::size_t>(error_bits + 1) << kPlatBits;
  const std::size_t offset = static_cast<std::size_t>((kPlatVal - 1) & (ns >> error_bits));
  return std::min(base + offset, kPlatCount - 1);
}

std::uint64_t plat_value(std::size_t index) {
  if (index < (kPlatVal << 1)) return index;
  const std::size_t error_bits = (index >> kPlatBits) - 1;
  const std::uint64_t base = std::uint64_t{1} << (error_bits + kPlatBits);
  const std::uint64_t k = index % kPlatVal;
  // base + (k + 0.5) x 2^error_bits, truncated as fio's double-to-integer return does.
  return base + (k << error_bits) + ((std::uint64_t{1} << error_bits) >> 1);
}

PlatBins to_plat_bins(const std::vector<models::LatencyBin>& bins) {
  PlatBins out;
  for (const models::LatencyBin& b : bins) {
    const auto lower = static_cast<std::uint64_t>(b.lower_ns);
    const std::size_t index = plat_index(lower);
    if (plat_index(lower + static_cast<std::uint64_t>(b.width_ns) - 1) != index) {
      throw std::logic_error("a simulated latency bucket straddles two of fio's");
    }
    if (!out.empty() && out.back().first == index) {
      out.back().second += b.count;
    } else {
      out.emplace_back(index, b.count);
    }
  }
  return out;
}

std::uint64_t plat_percentile(const PlatBins& bins, std::uint64_t total, double p) {
  if (total == 0 || bins.empty()) return 0;
  const long double needed = static_cast<long double>(p) / 100.0L * static_cast<long double>(total);
  std::uint64_t sum = 0;
  for (const auto& [index, count] : bins) {
    sum += count;
    if (static_cast<long double>(sum) >= needed) return plat_value(index);
  }
  return plat_value(bins.back().first);
}

const std::vector<double>& default_percentiles() {
  static const std::vector<double> list = {1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 99.5, 99.9, 99.95, 99.99};
  return list;
}

double stddev_ns(const std::vector<models::LatencyBin>& bins, double mean_ns) {
  long double sum_sq = 0;
  std::uint64_t n = 0;
  for (const models::LatencyBin& b : bins) {
    const long double mid = static_cast<long double>(b.lower_ns) + static_cast<long double>(b.width_ns - 1) / 2.0L;
    const long double d = mid - mean_ns;
    sum_sq += d * d * static_cast<long double>(b.count);
    n += b.count;
  }
  return n < 2 ? 0.0 : static_cast<double>(std::sqrt(sum_sq / static_cast<long double>(n - 1)));
}

}  // namespace hcisim::frontend::fio
