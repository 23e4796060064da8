#include "tools/frontend/input/catalog_application.hpp"

#include <cmath>

#include "models/spec/application_parameters.hpp"
#include "tools/frontend/base/quantity_format.hpp"
#include "tools/frontend/input/part_parameters.hpp"

namespace hcisim::frontend {
namespace {

// The keys and bounds are declared with the part (models/spec/application_parameters.cpp).
const models::Parameter& param(std::string_view key) { return parameter_of(PartKind::Application, key); }

double fraction(const YamlMap& map, std::string_view key, PartFieldReader& fields, bool open_low) {
  const double value = fields.real(map, key, 0.0);
  if (value > 1.0 || (open_low && value == 0.0)) {
    map.required(key).fail_expected(open_low ? "a fraction in (0, 1]" : "a fraction in [0, 1]");
  }
  return value;
}

std::uint32_t size32(const YamlMap& map, const models::Parameter& p, PartFieldReader& fields) {
  const std::uint64_t bytes = fields.size(map, p.name);
  if (static_cast<double>(bytes) > *p.max) map.required(p.name).fail_expected("a size of " + bounds_text(p));
  return static_cast<std::uint32_t>(bytes);
}

// A count within its declared bounds, from 0.
double at_most(const YamlMap& map, const models::Parameter& p, PartFieldReader& fields) {
  return fields.real_within(map, p.name, *p.min, *p.max, p.unit,
                            "a number from 0 to " + format_count(*p.max) + " " + std::string(p.unit));
}

std::int64_t integer(const YamlMap& map, const models::Parameter& p, PartFieldReader& fields) {
  return fields.integer(map, p.name, static_cast<std::int64_t>(*p.min), static_cast<std::int64_t>(*p.max), p.unit);
}

void read_transaction(const YamlMap& map, const models::Parameter& type, PartFieldReader& fields,
                      models::OltpTransactionSpec& t) {
  t.mix = fraction(map, "mix", fields, false);
  t.cpu_cycles = at_most(map, field_of(type, "cpu_cycles"), fields);
  t.page_reads = at_most(map, field_of(type, "page_reads"), fields);
  t.page_writes = at_most(map, field_of(type, "page_writes"), fields);
  t.log_bytes = static_cast<std::uint32_t>(integer(map, field_of(type, "log_bytes"), fields));
}

// The mapping under `p`'s key, which may hold `p`'s declared fields.
YamlMap sub_map(const YamlMap& map, const models::Parameter& p) {
  return map.required(p.name).map(parameter_key_strings(p.fields));
}

}  // namespace

models::OltpApplicationSpec read_application(const YamlMap& map, PartFieldReader& fields) {
  models::OltpApplicationSpec app;
  models::OltpSpec& o = app.oltp;
  const models::Parameter& scale = param("cpu_scale");
  o.cpu_scale = fields.real_within(map, scale.name, *scale.min, *scale.max, scale.unit,
                                   "a factor from " + format_number(*scale.min) + " to " + format_number(*scale.max));
  o.page_bytes = size32(map, param("page_size"), fields);

  const models::Parameter& types = param("transactions");
  const YamlMap transactions = sub_map(map, types);
  double mix = 0;
  for (int k = 0; k < models::kOltpTransactionTypes; ++k) {
    const models::Parameter& type = field_of(types, models::oltp_transaction_name(k));
    auto& t = o.transactions[static_cast<std::size_t>(k)];
    read_transaction(sub_map(transactions, type), type, fields, t);
    mix += t.mix;
  }
  if (std::abs(mix - 1.0) > 1e-6) {
    map.required("transactions").fail("the mix shares must sum to 1, got " + std::to_string(mix));
  }

  const YamlMap pool = sub_map(map, param("buffer_pool"));
  o.buffer_pool.hot_data_fraction = fraction(pool, "hot_data_fraction", fields, true);
  if (o.buffer_pool.hot_data_fraction >= 1.0) pool.required("hot_data_fraction").fail_expected("a fraction in (0, 1)");
  o.buffer_pool.hot_access_fraction = fraction(pool, "hot_access_fraction", fields, false);
  o.buffer_pool.flush_start_fraction = fraction(pool, "flush_start_fraction", fields, true);
  if (pool.has("hit_ratio")) o.buffer_pool.hit_ratio = fraction(pool, "hit_ratio", fields, false);

  const models::Parameter& log_p = param("log");
  const YamlMap log = sub_map(map, log_p);
  o.log.region_bytes = fields.size(log, "region_size");
  o.log.sector_bytes = size32(log, field_of(log_p, "sector_size"), fields);
  o.log.max_write_bytes = size32(log, field_of(log_p, "max_write_size"), fields);
  if (o.log.max_write_bytes % o.log.sector_bytes != 0) {
    log.required("max_write_size").fail_expected("a multiple of sector_size");
  }
  o.log.max_outstanding_writes = static_cast<int>(integer(log, field_of(log_p, "max_outstanding_writes"), fields));

  const models::Parameter& checkpoint_p = param("checkpoint");
  const YamlMap checkpoint = sub_map(map, checkpoint_p);
  o.checkpoint.interval_ns = fields.duration_ns(checkpoint, "interval");
  if (o.checkpoint.interval_ns <= 0) checkpoint.required("interval").fail_expected("a duration greater than 0");
  o.checkpoint.max_write_bytes = size32(checkpoint, field_of(checkpoint_p, "max_write_size"), fields);
  if (o.checkpoint.max_write_bytes % o.page_bytes != 0) {
    checkpoint.required("max_write_size").fail_expected("a multiple of page_size");
  }
  o.checkpoint.max_outstanding_writes =
      static_cast<int>(integer(checkpoint, field_of(checkpoint_p, "max_outstanding_writes"), fields));
  o.max_outstanding_reads = static_cast<int>(integer(map, param("max_outstanding_reads"), fields));
  return app;
}

}  // namespace hcisim::frontend
