// Bad input never crashes, hangs or leaks a bare exception: thousands of
// randomly damaged scenario and catalog files either load or raise a LoadError
// whose message names the file and a line.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "sim/random.hpp"
#include "temp_dir.hpp"
#include "tools/frontend/base/load_error.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"

using namespace hcisim::frontend;
using hcisim::sim::RandomStream;

namespace {

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// One random damage: delete, insert, duplicate or truncate.
std::string damage(std::string text, RandomStream& rng) {
  static const std::string kAlphabet = ":-{}[],'\"#&*!|> \n\t0123456789.eKMGiBmsux%abz";
  const int edits = 1 + static_cast<int>(rng.uniform_index(3));
  for (int e = 0; e < edits && !text.empty(); ++e) {
    const std::size_t at = rng.uniform_index(text.size());
    switch (rng.uniform_index(4)) {
      case 0: text.erase(at, 1 + rng.uniform_index(8)); break;
      case 1: text.insert(at, 1, kAlphabet[rng.uniform_index(kAlphabet.size())]); break;
      case 2: {
        const std::size_t end = text.find('\n', at);
        text.insert(at, text.substr(at, end == std::string::npos ? std::string::npos : end - at + 1));
        break;
      }
      default: text.resize(at); break;
    }
  }
  return text;
}

// HCISIM_FUZZ_ROUNDS=N runs N times as many damaged files (a deeper search by hand).
int rounds() {
  const char* env = std::getenv("HCISIM_FUZZ_ROUNDS");
  return env != nullptr && std::atoi(env) > 0 ? std::atoi(env) : 1;
}

}  // namespace

TEST_CASE("damaged scenario files load or fail with file and line", "[fuzz]") {
  const auto scenarios = std::filesystem::path(HCISIM_SOURCE_DIR) / "scenarios/ax7525";
  const std::string scenario = read_file(scenarios / "test2-8k-random-30w.yaml");
  const std::string test2 = read_file(scenarios / "common/ax7525-test2.yaml");
  const std::string cluster = read_file(scenarios / "common/ax7525-cluster.yaml");
  const Catalog catalog = Catalog::load();
  testing::TempDir dir;
  std::filesystem::create_directories(dir.path() / "common");
  RandomStream rng(11, "fuzz-scenario");
  int loaded = 0, rejected = 0;
  for (int i = 0; i < 1500 * rounds(); ++i) {
    // Damage one of the three files of the include chain.
    const auto which = rng.uniform_index(3);
    std::ofstream(dir.path() / "s.yaml") << (which == 0 ? damage(scenario, rng) : scenario);
    std::ofstream(dir.path() / "common/ax7525-test2.yaml") << (which == 1 ? damage(test2, rng) : test2);
    std::ofstream(dir.path() / "common/ax7525-cluster.yaml") << (which == 2 ? damage(cluster, rng) : cluster);
    try {
      load_scenario(dir.path() / "s.yaml", catalog);
      ++loaded;
    } catch (const LoadError& e) {
      ++rejected;
      const std::string message = e.what();
      INFO(message);
      CHECK(message.find(".yaml") != std::string::npos);
    }
  }
  CHECK(rejected > 500 * rounds());  // the damage really did break most files
  CHECK(loaded > 0);                 // and harmless damage (comments, blanks) still loads
}

TEST_CASE("damaged catalog files load or fail with file and line", "[fuzz]") {
  const auto bundled = Catalog::bundled_dir();
  const std::string drive = read_file(bundled / "drives/kioxia-cm6-v-3200.yaml");
  const std::string stack = read_file(bundled / "stacks/s2d.yaml");
  testing::TempDir dir;
  std::filesystem::create_directories(dir.path() / "drives");
  std::filesystem::create_directories(dir.path() / "stacks");
  RandomStream rng(12, "fuzz-catalog");
  int rejected = 0;
  for (int i = 0; i < 800 * rounds(); ++i) {
    const bool damage_drive = rng.bernoulli(0.5);
    std::ofstream(dir.path() / "drives/d.yaml") << (damage_drive ? damage(drive, rng) : drive);
    std::ofstream(dir.path() / "stacks/s.yaml") << (damage_drive ? stack : damage(stack, rng));
    try {
      Catalog::load({dir.path()});
    } catch (const LoadError& e) {
      ++rejected;
      const std::string message = e.what();
      INFO(message);
      CHECK(message.find(".yaml") != std::string::npos);
    }
  }
  CHECK(rejected > 300 * rounds());
}
