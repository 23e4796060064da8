#include "models/workload/oltp_spec_check.hpp"

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

namespace hcisim::models {

namespace {

// What the model can represent: page counts are drawn into 32-bit counters (count_of), think
// times into SimTime (an exponential draw rarely exceeds 40 means; 292 years fit).
constexpr double kMaxPagesPerTransaction = 1e9;
constexpr std::int64_t kMaxThinkTimeNs = 365ll * 86400 * 1'000'000'000;  // a year

[[noreturn]] void fail(const std::string& field, const std::string& what) {
  throw std::invalid_argument("OLTP workload: " + field + " " + what);
}

void check_transaction(const OltpSpec& spec, int type) {
  const OltpTransactionSpec& t = spec.transactions[static_cast<std::size_t>(type)];
  const std::string name = std::string("transactions.") + oltp_transaction_name(type);
  auto non_negative = [&](double v, const char* field) {
    if (!(v >= 0) || !std::isfinite(v))
      fail(name + "." + field, "must be a finite number >= 0, got " + std::to_string(v));
  };
  non_negative(t.mix, "mix");
  non_negative(t.cpu_cycles, "cpu_cycles");
  non_negative(t.page_reads, "page_reads");
  non_negative(t.page_writes, "page_writes");
  for (const auto& [pages, field] : {std::pair{t.page_reads, "page_reads"}, std::pair{t.page_writes, "page_writes"}}) {
    if (pages > kMaxPagesPerTransaction) fail(name + "." + field, "must be at most 1e9, got " + std::to_string(pages));
  }
  const std::uint64_t rounded =
      (std::uint64_t{t.log_bytes} + spec.log.sector_bytes - 1) / spec.log.sector_bytes * spec.log.sector_bytes;
  if (rounded > spec.log.max_write_bytes) {
    fail(name + ".log_bytes", "= " + std::to_string(t.log_bytes) + " does not fit one log write of " +
                                  std::to_string(spec.log.max_write_bytes) + " bytes");
  }
  const double buffer_pages = std::floor(static_cast<double>(spec.buffer_pool.buffer_bytes) / spec.page_bytes);
  if (std::ceil(t.page_writes) > buffer_pages) {
    fail(name + ".page_writes", "= " + std::to_string(t.page_writes) + " exceeds the buffer pool's " +
                                    std::to_string(buffer_pages) + " pages");
  }
}

}  // namespace

void check_oltp_spec(const OltpSpec& spec) {
  if (spec.users_per_vm < 1) fail("users_per_vm", "must be at least 1, got " + std::to_string(spec.users_per_vm));
  if (spec.think_time_ns < 0 || spec.think_time_ns > kMaxThinkTimeNs) fail("think_time", "must be from 0 to a year");
  if (!(spec.cpu_scale > 0) || !std::isfinite(spec.cpu_scale)) fail("cpu_scale", "must be > 0");
  if (spec.page_bytes == 0) fail("page_size", "must be positive");
  if (spec.max_outstanding_reads < 1) fail("max_outstanding_reads", "must be at least 1");

  const OltpBufferPoolSpec& b = spec.buffer_pool;
  if (b.buffer_bytes < spec.page_bytes) fail("buffer_pool.buffer_size", "must hold at least one page");
  if (b.database_bytes < spec.page_bytes) fail("buffer_pool.database_size", "must hold at least one page");
  if (!(b.hot_data_fraction > 0 && b.hot_data_fraction < 1)) fail("buffer_pool.hot_data_fraction", "must be in (0, 1)");
  if (!(b.hot_access_fraction >= 0 && b.hot_access_fraction <= 1)) {
    fail("buffer_pool.hot_access_fraction", "must be in [0, 1]");
  }
  // The same rounding as PageSkew::hot_set: the hot and the cold set each need a page.
  const std::uint64_t pages = b.database_bytes / spec.page_bytes;
  const auto hot = static_cast<std::uint64_t>(std::llround(b.hot_data_fraction * static_cast<double>(pages)));
  if (hot == 0 || hot >= pages) {
    fail("buffer_pool.database_size",
         "of " + std::to_string(pages) + " pages is too small for a hot_data_fraction of " +
             std::to_string(b.hot_data_fraction) + ": the hot and the cold pages each need at least one page");
  }
  if (b.hit_ratio && !(*b.hit_ratio >= 0 && *b.hit_ratio <= 1)) fail("buffer_pool.hit_ratio", "must be in [0, 1]");
  if (!(b.flush_start_fraction > 0 && b.flush_start_fraction <= 1)) {
    fail("buffer_pool.flush_start_fraction", "must be in (0, 1]");
  }

  const OltpLogSpec& l = spec.log;
  if (l.sector_bytes == 0) fail("log.sector_size", "must be positive");
  if (l.max_write_bytes < l.sector_bytes || l.max_write_bytes % l.sector_bytes != 0) {
    fail("log.max_write_size", "must be a positive multiple of the sector size");
  }
  if (l.max_outstanding_writes < 1) fail("log.max_outstanding_writes", "must be at least 1");
  if (l.region_bytes < l.max_write_bytes) fail("log.region_size", "must hold at least one log write");

  const OltpCheckpointSpec& c = spec.checkpoint;
  if (c.interval_ns <= 0) fail("checkpoint.interval", "must be positive");
  if (c.max_write_bytes < spec.page_bytes || c.max_write_bytes % spec.page_bytes != 0) {
    fail("checkpoint.max_write_size", "must be a positive multiple of the page size");
  }
  if (c.max_outstanding_writes < 1) fail("checkpoint.max_outstanding_writes", "must be at least 1");

  double mix = 0;
  for (int t = 0; t < kOltpTransactionTypes; ++t) {
    check_transaction(spec, t);
    mix += spec.transactions[static_cast<std::size_t>(t)].mix;
  }
  if (std::abs(mix - 1.0) > 1e-6) fail("transactions.*.mix", "must sum to 1, got " + std::to_string(mix));
}

}  // namespace hcisim::models
