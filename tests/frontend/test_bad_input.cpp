// Mutated and random inputs must only ever produce LoadError (never a crash,
// never another exception type), and good inputs must keep loading.
#include <catch2/catch.hpp>

#include <fstream>
#include <random>
#include <sstream>

#include "temp_dir.hpp"
#include "tools/frontend/base/load_error.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"

using namespace hcisim::frontend;

namespace {

const char* const kScenario = "schema_version: 1\n"
                              "title: \"t\"\n"
                              "cluster:\n"
                              "  node: dell-ax-7525\n"
                              "  nodes: 4\n"
                              "  switch: generic-100gbe\n"
                              "  stack: s2d\n"
                              "  resiliency: three-way-mirror\n"
                              "  failed_nodes: [4]\n"
                              "vms:\n"
                              "  per_node: [32, 64, 32, 0]\n"
                              "  vcpus: 2\n"
                              "  workload: {diskspd: \"-b8K -t2 -o16 -w30 -r -c10G -Sh\"}\n"
                              "run: {warmup: 1ms, duration: 10ms, seed: 3}\n"
                              "reference:\n"
                              "  figures:\n"
                              "    - {figure: total_iops, value: 1.6M, tolerance: 10%}\n";

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// One random edit: delete, insert or replace a character, or drop/duplicate a line.
std::string mutate(std::string text, std::mt19937_64& rng) {
  static const std::string alphabet = " :-[]{}\"'#&*!|>\n\t,0123456789abcKMGs%.";
  auto pick = [&](std::size_t n) { return static_cast<std::size_t>(rng() % std::max<std::size_t>(n, 1)); };
  const std::size_t at = pick(text.size());
  switch (rng() % 5) {
    case 0:
      if (!text.empty()) text.erase(at, 1);
      break;
    case 1: text.insert(at, 1, alphabet[pick(alphabet.size())]); break;
    case 2:
      if (!text.empty()) text[at] = alphabet[pick(alphabet.size())];
      break;
    case 3: {
      const std::size_t start = text.rfind('\n', at);
      const std::size_t end = text.find('\n', at);
      const std::size_t from = start == std::string::npos ? 0 : start + 1;
      text.erase(from, end == std::string::npos ? std::string::npos : end - from + 1);
      break;
    }
    default: {
      const std::size_t start = text.rfind('\n', at);
      const std::size_t end = text.find('\n', at);
      const std::size_t from = start == std::string::npos ? 0 : start + 1;
      const std::string line = text.substr(from, end == std::string::npos ? std::string::npos : end - from + 1);
      text.insert(from, line);
      break;
    }
  }
  return text;
}

}  // namespace

TEST_CASE("mutated scenario files only ever fail with LoadError", "[bad-input]") {
  const Catalog catalog = Catalog::load();
  testing::TempDir dir;
  const auto good = dir.write("s.yaml", kScenario);
  REQUIRE(load_scenario(good, catalog).vms.per_node == std::vector<int>{32, 64, 32, 0});

  std::mt19937_64 rng(12345);
  int rejected = 0;
  for (int i = 0; i < 250; ++i) {
    std::string text = kScenario;
    const int edits = 1 + static_cast<int>(rng() % 3);
    for (int e = 0; e < edits; ++e) text = mutate(text, rng);
    const auto file = dir.write("m.yaml", text);
    INFO("input:\n" << text);
    try {
      load_scenario(file, catalog);
    } catch (const LoadError& e) {
      ++rejected;
      // Every message starts with the file name.
      CHECK(std::string(e.what()).rfind(file.string() + ":", 0) == 0);
    }
  }
  // Most random edits break something; a handful (in comments, or harmless) do not.
  CHECK(rejected > 125);
}

TEST_CASE("mutated catalog files only ever fail with LoadError", "[bad-input]") {
  const std::string drive = read_file(Catalog::bundled_dir() / "drives" / "kioxia-cm6-v-3200.yaml");
  const std::string stack = read_file(Catalog::bundled_dir() / "stacks" / "s2d.yaml");
  REQUIRE_FALSE(drive.empty());
  REQUIRE_FALSE(stack.empty());
  std::mt19937_64 rng(777);
  int rejected = 0;
  testing::TempDir dir;
  for (int i = 0; i < 200; ++i) {
    std::string d = drive;
    std::string s = stack;
    for (int e = 0; e < 2; ++e) (i % 2 ? d : s) = mutate(i % 2 ? d : s, rng);
    dir.write("drives/d.yaml", d);
    dir.write("stacks/s.yaml", s);
    INFO("drive:\n" << d << "\nstack:\n" << s);
    try {
      Catalog::load_only({dir.path()});
    } catch (const LoadError&) {
      ++rejected;
    }
  }
  CHECK(rejected > 70);
}

TEST_CASE("random bytes are rejected with LoadError", "[bad-input]") {
  std::mt19937_64 rng(99);
  testing::TempDir dir;
  const Catalog catalog = Catalog::load();
  for (int i = 0; i < 100; ++i) {
    std::string bytes(static_cast<std::size_t>(rng() % 200), '\0');
    for (char& c : bytes) c = static_cast<char>(rng() % 256);
    const auto file = dir.write("r.yaml", bytes);
    CHECK_THROWS_AS(load_scenario(file, catalog), LoadError);
  }
}
