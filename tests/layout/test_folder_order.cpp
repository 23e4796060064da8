// models/ and tools/ are one-way: every #include under sim/, models/ and
// tools/ points down the folder order that models/folder_order.txt and
// tools/folder_order.txt declare (docs/architecture.md, "Folder order"). The
// first case checks the source tree; the others check that the checker names
// what it should on small trees of its own.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/frontend/temp_dir.hpp"
#include "tests/layout/folder_order.hpp"

using hcisim::frontend::testing::TempDir;
using namespace hcisim::layout;
using Catch::Matchers::Contains;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> texts(const std::vector<Violation>& violations) {
  std::vector<std::string> out;
  for (const Violation& v : violations) out.push_back(to_string(v));
  return out;
}

// sim at the bottom, models/low on it, models/high on models/low, models/side on sim alone.
const char* kSmallOrder = "# a comment\n"
                          "sim -\n"
                          "models/low   sim   # on the kernel\n"
                          "models/side  sim\n"
                          "models/high  models/low\n";

}  // namespace

TEST_CASE("every include under sim/, models/ and tools/ points down the folder order", "[layout]") {
  const fs::path root = HCISIM_SOURCE_DIR;
  const FolderOrder order =
      read_folder_order(root / "tools" / "folder_order.txt", read_folder_order(root / "models" / "folder_order.txt"));
  REQUIRE(order.may_include.count("models/run") == 1);
  REQUIRE(order.may_include.count("tools/cli") == 1);
  // The front end never includes the program, nor one run study (validation, sweep) the other.
  CHECK(order.may_include.at("tools/frontend/sweep").count("tools/cli") == 0);
  CHECK(order.may_include.at("tools/frontend/sweep").count("tools/frontend/validation") == 0);
  CHECK(order.may_include.at("tools/frontend/validation").count("tools/frontend/sweep") == 0);
  const std::vector<Violation> violations = check_tree(root, order);
  for (const Violation& v : violations) FAIL_CHECK(to_string(v));
  CHECK(violations.empty());
}

TEST_CASE("the folder order is transitive and read lowest first", "[layout]") {
  TempDir dir;
  const FolderOrder order = read_folder_order(dir.write("order.txt", kSmallOrder));
  CHECK(order.folders == std::vector<std::string>{"sim", "models/low", "models/side", "models/high"});
  CHECK(order.may_include.at("sim").empty());
  CHECK(order.may_include.at("models/high") == std::set<std::string>{"models/low", "sim"});
  CHECK(folder_of("models/storage/s2d/s2d_product.hpp") == "models/storage");
  CHECK(folder_of("sim/engine.hpp") == "sim");
  CHECK(folder_of("tools/frontend/input/catalog.hpp") == "tools/frontend/input");
  CHECK(folder_of("tools/cli/main.cpp") == "tools/cli");
}

TEST_CASE("a second order file goes on top of the first and may name its folders", "[layout]") {
  TempDir dir;
  const FolderOrder models = read_folder_order(dir.write("models.txt", kSmallOrder));
  const FolderOrder order =
      read_folder_order(dir.write("tools.txt", "tools/frontend/a models/high\ntools/cli tools/frontend/a\n"), models);
  CHECK(order.folders.back() == "tools/cli");
  CHECK(order.may_include.at("tools/cli") ==
        std::set<std::string>{"tools/frontend/a", "models/high", "models/low", "sim"});
  CHECK_THROWS_WITH(read_folder_order(dir.write("bad.txt", "tools/cli tools/frontend/a\n"), models),
                    Contains("bad.txt:1: tools/cli may include tools/frontend/a, which is not on an earlier line"));
}

TEST_CASE("the order file refuses a folder that includes one not below it, at its line", "[layout]") {
  TempDir dir;
  SECTION("a folder named before it is declared: a cycle or an upward line") {
    const fs::path file = dir.write("order.txt", "sim -\nmodels/a models/b\nmodels/b sim\n");
    CHECK_THROWS_WITH(read_folder_order(file),
                      Contains("order.txt:2: models/a may include models/b, which is not on an earlier line"));
  }
  SECTION("a folder twice") {
    const fs::path file = dir.write("order.txt", "sim -\nsim -\n");
    CHECK_THROWS_WITH(read_folder_order(file), Contains("order.txt:2: sim is in the order twice"));
  }
  SECTION("a line that says nothing") {
    const fs::path file = dir.write("order.txt", "sim\n");
    CHECK_THROWS_WITH(read_folder_order(file),
                      Contains("order.txt:1: sim: name the folders it may include, or - for none"));
  }
}

TEST_CASE("an include that points up or across is named by file, line and include", "[layout]") {
  TempDir dir;
  const FolderOrder order = read_folder_order(dir.write("order.txt", kSmallOrder));
  dir.write("sim/engine.hpp", "#pragma once\n#include <vector>\n");
  dir.write("models/low/a.hpp", "#pragma once\n#include \"sim/engine.hpp\"\n#include \"models/low/b.hpp\"\n");
  dir.write("models/low/b.hpp", "#pragma once\n");
  dir.write("models/side/s.hpp", "#include \"sim/engine.hpp\"\n");
  dir.write("models/high/h.cpp", "#include \"models/low/a.hpp\"\n#include \"sim/engine.hpp\"\n");
  CHECK(check_tree(dir.path(), order).empty());

  SECTION("up") {
    dir.write("models/low/b.hpp",
              "#pragma once\n\n// the result type lives above\n  #  include \"models/high/h.hpp\"\n");
    CHECK(texts(check_tree(dir.path(), order)) ==
          std::vector<std::string>{"models/low/b.hpp:4: #include \"models/high/h.hpp\": points up: "
                                   "models/high is above models/low in the order"});
  }
  SECTION("across") {
    dir.write("models/side/s.hpp", "#include \"models/low/a.hpp\"\n");
    CHECK(texts(check_tree(dir.path(), order)) ==
          std::vector<std::string>{"models/side/s.hpp:1: #include \"models/low/a.hpp\": points across: models/side "
                                   "and models/low are not ordered (models/side may include sim)"});
  }
  SECTION("the kernel includes a model") {
    dir.write("sim/engine.hpp", "#include <models/low/a.hpp>\n");
    CHECK(texts(check_tree(dir.path(), order)) ==
          std::vector<std::string>{
              "sim/engine.hpp:1: #include <models/low/a.hpp>: points up: models/low is above sim in the order"});
  }
  SECTION("a model includes the front end") {
    dir.write("models/high/h.cpp", "#include \"tools/frontend/input/catalog.hpp\"\n");
    CHECK(texts(check_tree(dir.path(), order)) ==
          std::vector<std::string>{
              "models/high/h.cpp:1: #include \"tools/frontend/input/catalog.hpp\": tools/frontend/input "
              "is not in the order: models/high may not include it"});
  }
  SECTION("a path not from the source root") {
    dir.write("models/high/h.cpp", "#include \"a.hpp\"\n");
    CHECK_THAT(texts(check_tree(dir.path(), order)).at(0),
               Contains("models/high/h.cpp:1: #include \"a.hpp\": a quoted include"));
  }
  SECTION("a folder missing from the order, or gone from disk") {
    dir.write("models/new/n.hpp", "#include \"models/run/r.hpp\"\n");
    fs::remove_all(dir.path() / "models" / "side");
    CHECK(texts(check_tree(dir.path(), order)) ==
          std::vector<std::string>{"models/new: the folder is not in the order: place it there",
                                   "models/side: the folder is in the order but not on disk"});
  }
}

TEST_CASE("under tools/, the front end may not include the program, nor one study the other", "[layout]") {
  TempDir dir;
  const FolderOrder order =
      read_folder_order(dir.write("tools.txt", "tools/frontend/input -\ntools/frontend/sweep tools/frontend/input\n"
                                               "tools/frontend/validation tools/frontend/input\n"
                                               "tools/cli tools/frontend/sweep tools/frontend/validation\n"));
  dir.write("tools/frontend/input/in.hpp", "#pragma once\n");
  dir.write("tools/frontend/sweep/grid.cpp", "#include \"tools/frontend/input/in.hpp\"\n");
  dir.write("tools/frontend/validation/check.cpp", "#include \"tools/frontend/input/in.hpp\"\n");
  dir.write("tools/cli/main.cpp", "#include \"tools/frontend/sweep/grid.hpp\"\n#include \"tools/cli/commands.hpp\"\n");
  CHECK(check_tree(dir.path(), order).empty());

  SECTION("the front end includes the program") {
    dir.write("tools/frontend/sweep/grid.cpp", "#include \"tools/cli/commands.hpp\"\n");
    CHECK(texts(check_tree(dir.path(), order)) ==
          std::vector<std::string>{"tools/frontend/sweep/grid.cpp:1: #include \"tools/cli/commands.hpp\": points up: "
                                   "tools/cli is above tools/frontend/sweep in the order"});
  }
  SECTION("a study includes the other") {
    dir.write("tools/frontend/sweep/grid.cpp", "#include \"tools/frontend/validation/check.hpp\"\n");
    CHECK(texts(check_tree(dir.path(), order)) ==
          std::vector<std::string>{"tools/frontend/sweep/grid.cpp:1: #include \"tools/frontend/validation/check.hpp\": "
                                   "points across: tools/frontend/sweep and tools/frontend/validation are not ordered "
                                   "(tools/frontend/sweep may include tools/frontend/input)"});
  }
  SECTION("a folder of sources the order does not place") {
    dir.write("tools/frontend/new/n.cpp", "#include \"tools/frontend/input/in.hpp\"\n");
    CHECK(texts(check_tree(dir.path(), order)) ==
          std::vector<std::string>{"tools/frontend/new: the folder is not in the order: place it there"});
  }
}
