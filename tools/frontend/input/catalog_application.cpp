#include "tools/frontend/input/catalog_application.hpp"

#include <cmath>

#include "tools/frontend/base/quantity_format.hpp"
#include "tools/frontend/input/input_limits.hpp"

namespace hcisim::frontend {
namespace {

constexpr std::int64_t kMaxOutstanding = 1 << 16;

double fraction(const YamlMap& map, std::string_view key, PartFieldReader& fields, bool open_low) {
  const double value = fields.real(map, key, 0.0);
  if (value > 1.0 || (open_low && value == 0.0)) {
    map.required(key).fail_expected(open_low ? "a fraction in (0, 1]" : "a fraction in [0, 1]");
  }
  return value;
}

std::uint32_t size32(const YamlMap& map, std::string_view key, PartFieldReader& fields) {
  const std::uint64_t bytes = fields.size(map, key);
  if (bytes > (1u << 30)) map.required(key).fail_expected("a size of at most 1 GiB");
  return static_cast<std::uint32_t>(bytes);
}

// A count from 0 to `max` (see input_limits.hpp for why each bound).
double at_most(const YamlMap& map, std::string_view key, PartFieldReader& fields, double max, std::string_view unit) {
  return fields.real_within(map, key, 0.0, max, unit,
                            "a number from 0 to " + format_count(max) + " " + std::string(unit));
}

void read_transaction(const YamlMap& map, PartFieldReader& fields, models::OltpTransactionSpec& t) {
  t.mix = fraction(map, "mix", fields, false);
  t.cpu_cycles = at_most(map, "cpu_cycles", fields, limits::kMaxOltpCycles, "cycles");
  t.page_reads = at_most(map, "page_reads", fields, limits::kMaxOltpPages, "pages");
  t.page_writes = at_most(map, "page_writes", fields, limits::kMaxOltpPages, "pages");
  t.log_bytes = static_cast<std::uint32_t>(fields.integer(map, "log_bytes", 0, 1 << 30, "bytes"));
}

}  // namespace

const std::vector<std::string>& application_keys() {
  static const std::vector<std::string> keys = {"cpu_scale", "page_size",  "transactions",         "buffer_pool",
                                                "log",       "checkpoint", "max_outstanding_reads"};
  return keys;
}

models::OltpApplicationSpec read_application(const YamlMap& map, PartFieldReader& fields) {
  models::OltpApplicationSpec app;
  models::OltpSpec& o = app.oltp;
  o.cpu_scale = fields.real_within(
      map, "cpu_scale", limits::kMinOltpCpuScale, limits::kMaxOltpCpuScale, "x",
      "a factor from " + format_number(limits::kMinOltpCpuScale) + " to " + format_number(limits::kMaxOltpCpuScale));
  o.page_bytes = size32(map, "page_size", fields);

  std::vector<std::string> names;
  for (int k = 0; k < models::kOltpTransactionTypes; ++k) names.emplace_back(models::oltp_transaction_name(k));
  const YamlMap transactions = map.required("transactions").map(names);
  double mix = 0;
  for (int k = 0; k < models::kOltpTransactionTypes; ++k) {
    const YamlMap t = transactions.required(names[static_cast<std::size_t>(k)])
                          .map({"mix", "cpu_cycles", "page_reads", "page_writes", "log_bytes"});
    read_transaction(t, fields, o.transactions[static_cast<std::size_t>(k)]);
    mix += o.transactions[static_cast<std::size_t>(k)].mix;
  }
  if (std::abs(mix - 1.0) > 1e-6) {
    map.required("transactions").fail("the mix shares must sum to 1, got " + std::to_string(mix));
  }

  const YamlMap pool = map.required("buffer_pool")
                           .map({"hot_data_fraction", "hot_access_fraction", "flush_start_fraction", "hit_ratio"});
  o.buffer_pool.hot_data_fraction = fraction(pool, "hot_data_fraction", fields, true);
  if (o.buffer_pool.hot_data_fraction >= 1.0) pool.required("hot_data_fraction").fail_expected("a fraction in (0, 1)");
  o.buffer_pool.hot_access_fraction = fraction(pool, "hot_access_fraction", fields, false);
  o.buffer_pool.flush_start_fraction = fraction(pool, "flush_start_fraction", fields, true);
  if (pool.has("hit_ratio")) o.buffer_pool.hit_ratio = fraction(pool, "hit_ratio", fields, false);

  const YamlMap log =
      map.required("log").map({"region_size", "sector_size", "max_write_size", "max_outstanding_writes"});
  o.log.region_bytes = fields.size(log, "region_size");
  o.log.sector_bytes = size32(log, "sector_size", fields);
  o.log.max_write_bytes = size32(log, "max_write_size", fields);
  if (o.log.max_write_bytes % o.log.sector_bytes != 0) {
    log.required("max_write_size").fail_expected("a multiple of sector_size");
  }
  o.log.max_outstanding_writes =
      static_cast<int>(fields.integer(log, "max_outstanding_writes", 1, kMaxOutstanding, "writes"));

  const YamlMap checkpoint = map.required("checkpoint").map({"interval", "max_write_size", "max_outstanding_writes"});
  o.checkpoint.interval_ns = fields.duration_ns(checkpoint, "interval");
  if (o.checkpoint.interval_ns <= 0) checkpoint.required("interval").fail_expected("a duration greater than 0");
  o.checkpoint.max_write_bytes = size32(checkpoint, "max_write_size", fields);
  if (o.checkpoint.max_write_bytes % o.page_bytes != 0) {
    checkpoint.required("max_write_size").fail_expected("a multiple of page_size");
  }
  o.checkpoint.max_outstanding_writes =
      static_cast<int>(fields.integer(checkpoint, "max_outstanding_writes", 1, kMaxOutstanding, "writes"));
  o.max_outstanding_reads = static_cast<int>(fields.integer(map, "max_outstanding_reads", 1, kMaxOutstanding, "reads"));
  return app;
}

}  // namespace hcisim::frontend
