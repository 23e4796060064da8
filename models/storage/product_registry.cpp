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
  ProductEntry e{ProductKind::S2d, "s2d", "S2D", "Storage Spaces Direct", "failure",           "", "hyper-v",
                 "Hyper-V",        {},    {},    &make<S2dProduct>,       &S2dProduct::refusal};
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
  ProductEntry e{ProductKind::ScaleIo,
                 "scaleio",
                 "ScaleIO",
                 "ScaleIO",
                 "rebuild",
                 "an SDS and an SDC at once",
                 "",
                 "ESXi, Hyper-V or Linux",
                 {},
                 {},
                 &make<ScaleIoProduct>,
                 &ScaleIoProduct::refusal};
  e.accepts.compute_hosts = true;
  e.accepts.any_hypervisor = true;
  e.accepts.two_way_only = true;
  e.accepts.drive_failures = true;
  e.offers.fast_path = true;
  return e;
}

ProductEntry infoscale() {
  ProductEntry e{ProductKind::InfoScale,
                 "infoscale",
                 "InfoScale",
                 "InfoScale",
                 "",
                 "a storage VM",
                 "hyper-v",
                 "Linux cloud VMs",
                 {},
                 {},
                 &make<InfoScaleProduct>,
                 &InfoScaleProduct::refusal};
  e.accepts.servers = false;
  e.accepts.any_hypervisor = true;
  e.accepts.sas_streams = true;
  return e;
}

}  // namespace

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
