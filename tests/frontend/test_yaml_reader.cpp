#include <catch2/catch.hpp>

#include "load_error_of.hpp"
#include "temp_dir.hpp"
#include "tools/frontend/base/load_error.hpp"
#include "tools/frontend/input/yaml_document.hpp"
#include "tools/frontend/input/yaml_reader.hpp"

using namespace hcisim::frontend;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using hcisim::frontend::testing::load_error_of;

TEST_CASE("typed values carry file, line and key path into errors", "[yaml]") {
  const YamlNode tree = parse_yaml_text("cluster:\n"
                                        "  nodes: four\n"
                                        "  csv_cache: 4 Kb\n"
                                        "  failed_nodes: [1, x]\n",
                                        "s.yaml");
  const YamlMap root = root_value(tree).map({"cluster"});
  const YamlMap cluster = root.required("cluster").map({"nodes", "csv_cache", "failed_nodes"});

  CHECK(load_error_of([&] { cluster.required("nodes").integer(1, 10); }) ==
        "s.yaml:2: key 'cluster.nodes': expected a whole number like 24, got 'four'");
  CHECK(load_error_of([&] { cluster.required("csv_cache").size(); }) ==
        "s.yaml:3: key 'cluster.csv_cache': expected a size like 4KiB or 10GiB, got '4 Kb'");
  const auto items = cluster.required("failed_nodes").items();
  REQUIRE(items.size() == 2);
  CHECK(items[0].integer(1, 4) == 1);
  CHECK(load_error_of([&] { items[1].integer(1, 4); }) ==
        "s.yaml:4: key 'cluster.failed_nodes[1]': expected a whole number like 24, got 'x'");
  CHECK(load_error_of([&] { items[0].integer(2, 4); }) ==
        "s.yaml:4: key 'cluster.failed_nodes[0]': expected a whole number from 2 to 4, got '1'");
  CHECK(load_error_of([&] { cluster.required("nodes").map({"a"}); }) ==
        "s.yaml:2: key 'cluster.nodes': expected a mapping with keys a, got 'four'");
}

TEST_CASE("unknown keys are errors that list the allowed keys", "[yaml]") {
  const YamlNode tree = parse_yaml_text("run:\n  duration: 1s\n  sead: 3\n", "r.yaml");
  const YamlMap root = root_value(tree).map({"run"});
  CHECK(load_error_of([&] {
          root.required("run").map({"warmup", "duration", "seed"});
        }) == "r.yaml:3: key 'run.sead': unknown key; did you mean 'seed'? expected one of warmup, duration or seed");
  const YamlNode other = parse_yaml_text("zzz: 1\n", "z.yaml");
  CHECK(load_error_of([&] {
          root_value(other).map({"warmup", "duration"});
        }) == "z.yaml:1: key 'zzz': unknown key; expected one of warmup or duration");
}

TEST_CASE("missing required keys name the mapping's line and the key", "[yaml]") {
  const YamlNode tree = parse_yaml_text("title: x\nrun:\n  warmup: 1ms\n", "m.yaml");
  const YamlMap root = root_value(tree).map({"title", "run"});
  const YamlMap run = root.required("run").map({"warmup", "duration"});
  CHECK(load_error_of([&] { run.required("duration"); }) == "m.yaml:2: key 'run.duration': required key is missing");
  CHECK_FALSE(run.optional("duration").has_value());
  REQUIRE(run.optional("warmup").has_value());
  CHECK(run.optional("warmup")->duration_ns() == 1'000'000);
}

TEST_CASE("empty values, lists and mappings report what they got", "[yaml]") {
  const YamlNode tree = parse_yaml_text("a:\nb: [1]\nc: {d: 1}\ne: yes\ng: ''\n", "e.yaml");
  const YamlMap root = root_value(tree).map({"a", "b", "c", "e", "g"});
  CHECK(load_error_of([&] { root.required("a").text(); }) == "e.yaml:1: key 'a': expected text, got nothing");
  CHECK(load_error_of([&] { root.required("b").size(); }) ==
        "e.yaml:2: key 'b': expected a size like 4KiB or 10GiB, got a list");
  CHECK(load_error_of([&] { root.required("c").items(); }) == "e.yaml:3: key 'c': expected a list, got a mapping");
  CHECK(root.required("e").boolean());
  CHECK(load_error_of([&] { root.required("g").text(); }) == "e.yaml:5: key 'g': expected text, got ''");
  enum class Pick { One, Two };
  CHECK(load_error_of([&] {
          root.required("e").choice<Pick>({{"one", Pick::One}, {"two", Pick::Two}});
        }) == "e.yaml:4: key 'e': expected one of one or two, got 'yes'");
}

TEST_CASE("YAML syntax errors, duplicate keys and extra documents name file:line", "[yaml]") {
  CHECK_THROWS_WITH(parse_yaml_text("a: 1\nb: [1, 2\nc: 3\n", "bad.yaml"),
                    StartsWith("bad.yaml:") && Contains("YAML syntax error"));
  CHECK(load_error_of([] { parse_yaml_text("a: 1\nb: 2\na: 3\n", "dup.yaml"); }) ==
        "dup.yaml:3: key 'a' appears twice in this mapping");
  CHECK(load_error_of([] { parse_yaml_text("a: 1\n---\nb: 2\n", "two.yaml"); }) ==
        "two.yaml:2: expected one YAML document (a mapping), got more: a stray '---', '...' or top-level ','?");
  CHECK_THROWS_WITH(parse_yaml_text("? [a, b]\n: 1\n", "key.yaml"),
                    Contains("key.yaml:1: a mapping key must be plain text"));
  CHECK(load_error_of([] { parse_yaml_text("a: b: c\n", "q.yaml"); }) ==
        "q.yaml:1: YAML syntax error: illegal map value (column 5)");
  CHECK(load_error_of([] { parse_yaml_text("a:\n  - b\n c: d\n", "i.yaml"); }) ==
        "i.yaml:3: YAML syntax error: end of map not found (column 2)");
  CHECK_THROWS_WITH(parse_yaml_file("/nonexistent/hcisim/x.yaml"), Contains("cannot open the file"));
}

TEST_CASE("a file's errors name that file", "[yaml]") {
  testing::TempDir dir;
  const auto file = dir.write("x.yaml", "# comment\nvalue: 12 apples\n");
  const YamlNode tree = parse_yaml_file(file);
  const YamlMap root = root_value(tree).map({"value"});
  CHECK(load_error_of([&] { root.required("value").count(); }) ==
        file.string() + ":2: key 'value': expected a count like 1400000, 1.4M or 350k, got '12 apples'");
}

TEST_CASE("nested aliases cannot blow up the tree", "[yaml]") {
  std::string text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
  for (int i = 1; i < 8; ++i) {
    const std::string n = std::to_string(i);
    const std::string prev = std::string("*a").append(std::to_string(i - 1));
    text.append("a").append(n).append(": &a").append(n).append(" [");
    for (int k = 0; k < 10; ++k) text.append(k ? ", " : "").append(prev);
    text.append("]\n");
  }
  CHECK_THROWS_WITH(parse_yaml_text(text, "lol.yaml"), Contains("document too large"));
}

TEST_CASE("deep merge: mappings merge key by key, the later file wins", "[yaml]") {
  YamlNode base = parse_yaml_text("a: 1\nm: {x: 1, y: [1, 2]}\n", "base.yaml");
  const YamlNode over = parse_yaml_text("m:\n  y: [3]\n  z: 4\nb: 2\n", "over.yaml");
  deep_merge(base, over);
  const YamlMap root = root_value(base).map({"a", "m", "b"});
  CHECK(root.required("a").integer(0, 9) == 1);
  CHECK(root.required("b").integer(0, 9) == 2);
  const YamlMap m = root.required("m").map({"x", "y", "z"});
  CHECK(m.required("x").integer(0, 9) == 1);
  CHECK(m.required("y").items().size() == 1);
  CHECK(m.required("z").integer(0, 9) == 4);
  // Each value still names the file it came from.
  CHECK(m.required("x").file() == "base.yaml");
  CHECK(m.required("y").file() == "over.yaml");
  CHECK(m.required("y").line() == 2);
}
