// The fast path's builder of each product's paths, by the product's registry name.
#include "models/analytic/product_paths.hpp"

namespace hcisim::models::analytic {

BuildPaths paths_of(std::string_view product) {
  struct Builder {
    std::string_view product;
    BuildPaths build;
  };
  static constexpr Builder kBuilders[] = {{"s2d", &build_s2d}, {"scaleio", &build_scaleio}};
  for (const Builder& b : kBuilders) {
    if (b.product == product) return b.build;
  }
  return nullptr;
}

}  // namespace hcisim::models::analytic
