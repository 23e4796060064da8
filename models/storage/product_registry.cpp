#include "models/storage/product_registry.hpp"

#include <stdexcept>

#include "models/storage/infoscale/infoscale_product.hpp"
#include "models/storage/s2d/s2d_product.hpp"
#include "models/storage/scaleio/scaleio_product.hpp"

namespace hcisim::models {

namespace {

template <class Product>
std::unique_ptr<StorageProduct> make(sim::Engine& engine, const ClusterSpec& spec, Cluster& cluster,
                                     RequestTable& requests) {
  return std::make_unique<Product>(engine, spec, cluster, requests);
}

ProductEntry s2d() {
  ProductEntry e;
  e.kind = ProductKind::S2d;
  e.name = "s2d";
  e.title = "S2D";
  e.full_name = "Storage Spaces Direct";
  e.failure_section = "failure";
  e.default_hypervisor = "hyper-v";
  e.runs_under = "Hyper-V";
  e.repair_knob = "S2D's repair speed, repair I/Os in flight per volume (cluster.repair_speed)";
  e.repair_pace = {1, 16, true};
  e.make = &make<S2dProduct>;
  e.refusal = &S2dProduct::refusal;
  e.accepts.failed_nodes = true;
  e.accepts.node_failures = true;
  e.accepts.drive_failures = true;
  e.accepts.drive_failure_modes = true;
  e.accepts.cache_tier = true;
  e.accepts.csv_cache = true;
  e.accepts.repair_speed = true;
  e.accepts.volume_owners = true;
  e.offers.fast_path = true;
  e.offers.rdma = true;
  e.offers.drive_errors_known_at_once = true;
  return e;
}

ProductEntry scaleio() {
  ProductEntry e;
  e.kind = ProductKind::ScaleIo;
  e.name = "scaleio";
  e.title = "ScaleIO";
  e.full_name = "ScaleIO";
  e.failure_section = "rebuild";
  e.node_role = "an SDS and an SDC at once";
  e.runs_under = "ESXi, Hyper-V or Linux";  // no default: the scenario names its hypervisor
  e.repair_knob = "rebuild I/Os in flight per source device (the stack's rebuild.concurrent_ios_per_device)";
  e.repair_pace = {1, 64, false};
  e.make = &make<ScaleIoProduct>;
  e.refusal = &ScaleIoProduct::refusal;
  e.accepts.compute_hosts = true;
  e.accepts.any_hypervisor = true;
  e.accepts.two_way_only = true;
  e.accepts.drive_failures = true;
  e.offers.fast_path = true;
  return e;
}

ProductEntry infoscale() {
  ProductEntry e;
  e.kind = ProductKind::InfoScale;
  e.name = "infoscale";
  e.title = "InfoScale";
  e.full_name = "InfoScale";
  e.node_role = "a storage VM";
  e.default_hypervisor = "hyper-v";
  e.runs_under = "Linux cloud VMs";
  e.make = &make<InfoScaleProduct>;
  e.refusal = &InfoScaleProduct::refusal;
  e.accepts.servers = false;
  e.accepts.any_hypervisor = true;
  e.accepts.sas_streams = true;
  return e;
}

}  // namespace

std::string ProductEntry::RepairPace::text() const {
  if (!powers_of_two) return std::to_string(lowest) + " to " + std::to_string(highest);
  std::string out;
  for (int v = lowest; v <= highest; v *= 2) {
    if (!out.empty()) out += v * 2 > highest ? " or " : ", ";
    out += std::to_string(v);
  }
  return out;
}

const std::vector<ProductEntry>& products() {
  static const std::vector<ProductEntry> all = {s2d(), scaleio(), infoscale()};
  return all;
}

const ProductEntry& product(ProductKind kind) {
  for (const ProductEntry& e : products()) {
    if (e.kind == kind) return e;
  }
  throw std::logic_error("a storage product missing from the registry");
}

const ProductEntry* find_product(std::string_view name) {
  for (const ProductEntry& e : products()) {
    if (e.name == name) return &e;
  }
  return nullptr;
}

std::string product_names() {
  std::string text;
  const std::vector<ProductEntry>& all = products();
  for (std::size_t i = 0; i < all.size(); ++i) {
    text += i == 0 ? "" : (i + 1 == all.size() ? " or " : ", ");
    text += all[i].name;
  }
  return text;
}

}  // namespace hcisim::models
