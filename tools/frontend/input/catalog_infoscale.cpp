#include "tools/frontend/input/catalog_infoscale.hpp"

#include <string>

#include "models/spec/stack_parameters.hpp"
#include "tools/frontend/input/catalog_parts.hpp"
#include "tools/frontend/input/part_parameters.hpp"

namespace hcisim::frontend {
namespace {

constexpr std::uint64_t kMaxPrefIoBytes = 1ull << 30;      // 1 GiB
constexpr std::uint64_t kMaxStripeUnitBytes = 1ull << 30;  // 1 GiB

// A size in bytes: with a source in the catalog, plain in a scenario.
std::uint64_t size_at(const YamlMap& map, std::string_view key, PartFieldReader* fields) {
  if (fields) return fields->size(map, key);
  const std::uint64_t value = map.required(key).size();
  if (value == 0) map.required(key).fail_expected("a size greater than 0");
  return value;
}

// A stream count within its declared bounds (models/spec/stack_parameters.cpp).
int count_at(const YamlMap& map, std::string_view key, PartFieldReader* fields) {
  const auto max = static_cast<std::int64_t>(*field_of(parameter_of(PartKind::Stack, "vxfs"), key).max);
  if (fields) return static_cast<int>(fields->integer(map, key, 1, max, "requests in flight per file"));
  return static_cast<int>(map.required(key).integer(1, max));
}

}  // namespace

const std::vector<std::string_view>& infoscale_only_stack_keys() {
  static const std::vector<std::string_view> keys = parameter_keys(models::stack_parameters(), "infoscale");
  return keys;
}

std::vector<std::string> vxfs_keys() {
  std::vector<std::string> keys = parameter_key_strings(parameter_of(PartKind::Stack, "vxfs").fields);
  keys.emplace_back("aligned_flush_enable");  // refused with its reason
  return keys;
}

void read_vxfs_tunables(const YamlMap& map, PartFieldReader* fields, models::VxfsTunables& vxfs) {
  if (const auto aligned = map.optional("aligned_flush_enable")) {
    aligned->fail("what aligned_flush_enable does is not documented in the reference library (mechanisms.md 4.4), "
                  "so it is not modelled; leave it out (a comment can record the setting)");
  }
  auto pref_io = [&](std::string_view key, std::uint64_t& out) {
    if (!map.has(key)) return;
    out = size_at(map, key, fields);
    if (out % 512 != 0 || out > kMaxPrefIoBytes)
      map.required(key).fail_expected("a multiple of 512 bytes, at most 1 GiB");
  };
  pref_io("read_pref_io", vxfs.read_pref_io_bytes);
  pref_io("write_pref_io", vxfs.write_pref_io_bytes);
  if (map.has("read_nstream")) vxfs.read_nstream = count_at(map, "read_nstream", fields);
  if (map.has("write_nstream")) vxfs.write_nstream = count_at(map, "write_nstream", fields);
  if (map.has("discovered_direct_iosz")) {
    vxfs.discovered_direct_iosz_bytes = size_at(map, "discovered_direct_iosz", fields);
  }
}

void read_infoscale_stack(const YamlMap& map, PartFieldReader& fields, models::StackSpec& stack) {
  // The other products' keys (declared with them, models/spec/stack_parameters.cpp).
  for (std::string_view key : keys_not_for(models::stack_parameters(), "infoscale")) {
    if (map.has(key)) {
      map.required(key).fail("not used by product: infoscale (its layers are client, server, drive_io and "
                             "network_message; failures and caches are not modelled)");
    }
  }
  stack.storage_stack = read_layer_cost(map, "client", fields);
  stack.server_io = read_layer_cost(map, "server", fields);
  models::InfoScaleSpec& is = stack.infoscale;
  is.stripe_unit_bytes = fields.size(map, "stripe_unit");
  if (is.stripe_unit_bytes % 512 != 0 || is.stripe_unit_bytes > kMaxStripeUnitBytes) {
    fail_number(map, "stripe_unit", "a multiple of 512 bytes, at most 1 GiB");
  }
  const YamlMap vxfs = map.required("vxfs").map(vxfs_keys());
  read_vxfs_tunables(vxfs, &fields, is.vxfs);
  if (!vxfs.has("discovered_direct_iosz")) vxfs.required("discovered_direct_iosz");  // a documented default: state it
  const models::Parameter& batches = parameter_of(PartKind::Stack, "dirty_batches");
  is.dirty_batches = static_cast<int>(fields.integer(map, batches.name, static_cast<std::int64_t>(*batches.min),
                                                     static_cast<std::int64_t>(*batches.max), batches.unit));
  is.page_cache = read_layer_cost(map, "page_cache", fields);
  stack.connections_per_pair = 1;
}

}  // namespace hcisim::frontend
