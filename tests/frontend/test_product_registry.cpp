// The front end has what each registered storage product needs
// (models/storage/product_registry.hpp): a bundled stack that its reader loads,
// and --dry-run's lines about its layout and its failure handling.
#include <catch2/catch.hpp>

#include <filesystem>

#include "models/spec/stack_parameters.hpp"
#include "models/storage/product_registry.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"

using namespace hcisim;

TEST_CASE("every registered product has a bundled stack, read by its reader, and --dry-run lines", "[registry]") {
  const frontend::Catalog catalog = frontend::Catalog::load();
  const auto base = std::filesystem::path(HCISIM_SOURCE_DIR) / "scenarios/ax7525/whatif-drive-failure.yaml";
  models::ScenarioSpec scenario = frontend::load_scenario(base, catalog, {});
  for (const models::ProductEntry& entry : models::products()) {
    DYNAMIC_SECTION(entry.name) {
      std::string stack_id;
      for (const frontend::PartSummary& part : catalog.list()) {
        if (part.kind == "stack" && catalog.stack(part.id).product == entry.kind) stack_id = part.id;
      }
      REQUIRE_FALSE(stack_id.empty());
      CHECK(catalog.show(stack_id).find(std::string(entry.name)) != std::string::npos);
      scenario.cluster.stack = catalog.stack(stack_id);
      const std::string text = frontend::describe(scenario);
      CHECK(text.find("  layout: ") != std::string::npos);
      CHECK(text.find("  handling: ") != std::string::npos);
      CHECK(text.find(scenario.cluster.stack.model) != std::string::npos);
    }
  }
}

TEST_CASE("the stack's declared product choices are the registry's products", "[registry]") {
  std::vector<std::string> registered;
  for (const models::ProductEntry& entry : models::products()) registered.emplace_back(entry.name);
  for (const models::Parameter& p : models::stack_parameters()) {
    if (p.name == "product") {
      CHECK(std::vector<std::string>(p.choices.begin(), p.choices.end()) == registered);
      return;
    }
  }
  FAIL("the stack declares no 'product'");
}

TEST_CASE("a product's repair pace is its stack's declared knob: the durability study tries only what it takes",
          "[registry]") {
  // The knob's declared bounds, from the stack's failure handling section (failure.repair_outstanding for
  // S2D, rebuild.concurrent_ios_per_device for ScaleIO).
  auto declared_max = [](std::string_view section, std::string_view key) -> double {
    for (const models::Parameter& p : models::stack_parameters()) {
      if (p.name != section) continue;
      for (const models::Parameter& f : p.fields) {
        if (f.name == key && f.max) return *f.max;
      }
    }
    return -1;
  };
  const models::ProductEntry& s2d = models::product(models::ProductKind::S2d);
  CHECK(s2d.repair_pace.highest == declared_max("failure", "repair_outstanding"));
  CHECK(s2d.repair_pace.text() == "1, 2, 4, 8 or 16");
  CHECK(s2d.repair_pace.allows(8));
  CHECK_FALSE(s2d.repair_pace.allows(3));
  CHECK_FALSE(s2d.repair_pace.allows(32));
  const models::ProductEntry& scaleio = models::product(models::ProductKind::ScaleIo);
  CHECK(scaleio.repair_pace.highest == declared_max("rebuild", "concurrent_ios_per_device"));
  CHECK(scaleio.repair_pace.text() == "1 to 64");
  CHECK(scaleio.repair_pace.allows(3));
  CHECK(scaleio.repair_pace.allows(64));
  CHECK_FALSE(scaleio.repair_pace.allows(0));
  CHECK_FALSE(scaleio.repair_pace.allows(65));
  for (const models::ProductEntry& entry : models::products()) {
    INFO(entry.name);
    CHECK(entry.repair_knob.empty() == (entry.repair_pace.highest == 0));  // a knob has values, and only a knob
  }
}
