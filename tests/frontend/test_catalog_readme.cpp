// hardware-catalog/README.md's field tables ("Fields by kind") are generated from
// the parameters each part declares (models/spec/*_parameters.hpp): each
// follows its marker line "<!-- catalog describe KIND: ... -->" and is what
// `hcisim catalog describe KIND` prints. When a declaration changes, the tables follow with
//
//   HCISIM_UPDATE_CATALOG_README=1 build/bin/frontend_tests "[catalog-readme]"
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "load_error_of.hpp"
#include "temp_dir.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/part_parameters.hpp"

using namespace hcisim;

namespace {

const std::filesystem::path kCatalog = std::filesystem::path(HCISIM_SOURCE_DIR) / "hardware-catalog";
// The cloud parts' tables are in cloud/README.md, the others' in README.md.
const std::filesystem::path kReadmes[] = {kCatalog / "README.md", kCatalog / "cloud" / "README.md"};

std::vector<std::string> lines_of(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string read_file(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("the catalog README's field tables are the parts' declared parameters", "[catalog-readme]") {
  const bool update = std::getenv("HCISIM_UPDATE_CATALOG_README") != nullptr;
  INFO("HCISIM_UPDATE_CATALOG_README=1 build/bin/frontend_tests \"[catalog-readme]\" rewrites the tables");
  std::vector<std::string> tabled;
  for (const std::filesystem::path& file : kReadmes) {
    std::vector<std::string> readme = lines_of(read_file(file));
    for (frontend::PartKind kind : frontend::described_kinds()) {
      const std::string marker = "<!-- catalog describe " + std::string(frontend::kind_name(kind)) + ":";
      auto at = std::find_if(readme.begin(), readme.end(), [&](const std::string& l) { return l.starts_with(marker); });
      if (at == readme.end()) continue;
      tabled.emplace_back(frontend::kind_name(kind));
      const auto first = at + 1;
      auto end = first;
      while (end != readme.end() && end->starts_with("|")) ++end;
      const std::vector<std::string> expected = lines_of(frontend::parameter_table(kind));
      if (update) {
        readme.insert(readme.erase(first, end), expected.begin(), expected.end());
        continue;
      }
      INFO(file.string() << ", the table of a " << frontend::kind_name(kind));
      const std::vector<std::string> in_readme(first, end);
      for (std::size_t i = 0; i < std::max(in_readme.size(), expected.size()); ++i) {
        CHECK((i < in_readme.size() ? in_readme[i] : "(no row)") == (i < expected.size() ? expected[i] : "(no row)"));
      }
    }
    if (update) {
      std::ofstream out(file);
      for (const std::string& line : readme) out << line << "\n";
      WARN("rewrote the field tables in " << file.string() << " from the declared parameters");
    }
  }
  // Every declared kind has its table, after a line "<!-- catalog describe KIND: ... -->".
  std::vector<std::string> described;
  for (frontend::PartKind kind : frontend::described_kinds()) described.emplace_back(frontend::kind_name(kind));
  CHECK(tabled == described);
}

TEST_CASE("a declared kind's allowed keys are its declared parameters", "[catalog-readme]") {
  for (frontend::PartKind kind : frontend::described_kinds()) {
    std::vector<std::string> declared;
    for (const auto& p : *frontend::declared_parameters(kind)) declared.emplace_back(p.name);
    CHECK(frontend::part_field_keys(kind) == declared);
  }
  CHECK(frontend::described_kinds().size() == 11);  // every kind
  CHECK(frontend::part_kind_named("drive") == frontend::PartKind::Drive);
  CHECK_FALSE(frontend::part_kind_named("disk"));
}

TEST_CASE("bounds are worded as the reader's errors word them", "[catalog-readme]") {
  using frontend::PartKind;
  CHECK(frontend::bounds_text(frontend::parameter_of(PartKind::Drive, "random_read_iops")) ==
        "from 10 to 1,000,000,000 IOPS");
  CHECK(frontend::bounds_text(frontend::parameter_of(PartKind::Drive, "read_latency")) == "above 0 and at most 1 s");
  CHECK(frontend::bounds_text(frontend::parameter_of(PartKind::Cpu, "base_clock")) == "from 1 MHz to 10 GHz");
  CHECK(frontend::bounds_text(frontend::parameter_of(PartKind::Nic, "port_speed")) == "at most 10 Tb/s");
  CHECK(frontend::bounds_text(frontend::parameter_of(PartKind::Hba, "max_throughput")) == "from 10 MB/s to 1 TB/s");
  CHECK(frontend::bounds_text(frontend::parameter_of(PartKind::Drive, "capacity")).empty());
}

TEST_CASE("a product refuses the stack keys declared for the others only", "[catalog-readme]") {
  const auto& stack = *frontend::declared_parameters(frontend::PartKind::Stack);
  const auto refused = [&](std::string_view product, std::string_view key) {
    const auto keys = frontend::keys_not_for(stack, product);
    return std::find(keys.begin(), keys.end(), key) != keys.end();
  };
  CHECK(refused("infoscale", "mirror_write"));  // accepted and ignored before the keys were declared
  CHECK(refused("infoscale", "rebuild"));
  CHECK(refused("infoscale", "cache_tier"));
  CHECK_FALSE(refused("infoscale", "drive_io"));
  CHECK_FALSE(refused("scaleio", "cache_tier"));  // "s2d, scaleio"
  CHECK(refused("s2d", "chunk_size"));
  CHECK_FALSE(refused("s2d", "failure"));
}

TEST_CASE("a mapping's declared fields follow it in the table and are the keys its reader allows", "[catalog-readme]") {
  using frontend::PartKind;
  const std::string application = frontend::parameter_table(PartKind::Application);
  CHECK(application.find("| `transactions.new_order.mix` | number | required | from 0 to 1 |") != std::string::npos);
  CHECK(application.find("| `buffer_pool.hit_ratio` | number | optional, default") != std::string::npos);
  CHECK(frontend::parameter_table(PartKind::Node).find("| `drives[].role` | one of `capacity`, `cache` |") !=
        std::string::npos);
  CHECK(frontend::parameter_table(PartKind::Stack).find("| `cache_tier.page_size` | size | required |") !=
        std::string::npos);
  CHECK(frontend::field_of(frontend::parameter_of(PartKind::Stack, "vxfs"), "discovered_direct_iosz").required());

  // The bundled application with a key its buffer_pool does not declare.
  std::string text = read_file(kCatalog / "applications" / "sql-server-oltp.yaml");
  text.replace(text.find("buffer_pool:\n"), 13, "buffer_pool:\n  warm_pages: 0.5\n");
  frontend::testing::TempDir user;
  user.write("applications/sql-server-oltp.yaml", text);
  CHECK_THAT(frontend::testing::load_error_of([&] { frontend::Catalog::load_only({user.path()}); }),
             Catch::Contains("key 'buffer_pool.warm_pages': unknown key; expected one of hot_data_fraction, "
                             "hot_access_fraction, flush_start_fraction or hit_ratio"));
}
