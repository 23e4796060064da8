// A resumable sweep's inputs (../shared/reliability/more sections 2, 5 and 7):
// the files a load reads are recorded, a manifest whose inputs changed is
// refused naming the file, point files of another shape run again and
// anything but a regular file at a point's path is refused without opening it.
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "temp_dir.hpp"
#include "tools/frontend/base/input_files.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"
#include "tools/frontend/input/workload_gives.hpp"
#include "tools/frontend/sweep/sweep_grid.hpp"
#include "tools/frontend/sweep/sweep_rows.hpp"
#include "tools/frontend/sweep/sweep_store.hpp"

using namespace hcisim::frontend;
using Catch::Matchers::Contains;
namespace fs = std::filesystem;

namespace {

const std::string kSource = HCISIM_SOURCE_DIR;

std::string abs_path(const fs::path& p) { return fs::absolute(p).lexically_normal().string(); }

// The small scenario of the reproducers (4 nodes, 4 KiB random reads), `workload` its vms.workload lines.
std::string base_scenario(const std::string& workload = "    diskspd: \"-b4K -t1 -o4 -w0 -r -Sh -L -c1G\"\n") {
  return "schema_version: 1\ntitle: base\ncluster:\n  node: dell-ax-7525\n  nodes: 4\n  switch: generic-100gbe\n"
         "  stack: s2d\n  resiliency: three-way-mirror\nvms:\n  per_node: 4\n  vcpus: 2\n  workload:\n" +
         workload + "run:\n  warmup: 1ms\n  duration: 4ms\n  seed: 1\n";
}

// A complete row of point `point` of the grid cluster.nodes=3,4.
nlohmann::json row_of(const SweepPoint& point) {
  hcisim::models::RunResult r;
  r.read_iops = 1000;
  r.bottleneck.resource = "drives";
  return sweep_row_json({parse_vary("cluster.nodes=3,4")}, point, hcisim::models::ScenarioSpec{}, r);
}

nlohmann::json manifest_with(const InputDigests& inputs) {
  return {{"hcisim_version", HCISIM_VERSION}, {"scenario", "/s.yaml"}, {"inputs", inputs}, {"points", 2}};
}

std::string refusal_of(const fs::path& dir, const nlohmann::json& manifest) {
  try {
    SweepStore store(dir, manifest);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("a load records every file it read: scenario, includes, profiles, measured results", "[sweep][inputs]") {
  testing::TempDir dir;
  dir.write("jobs/read.fio", "[job1]\ndirect=1\nioengine=libaio\nrw=randread\nbs=4k\niodepth=4\nsize=1g\n");
  dir.write("results/fleet.tsv", "Name\tIOPS\nPeak\t5600000\n");
  dir.write("common/inner.yaml", base_scenario("    fio: ../jobs/read.fio\n"));
  dir.write("common/outer.yaml", "include: inner.yaml\n");
  const fs::path top = dir.write("top.yaml", "include: common/outer.yaml\ntitle: top\nreference:\n  measured:\n"
                                             "    file: results/fleet.tsv\n    row: Peak\n    figures: [total_iops]\n");
  const Catalog catalog = Catalog::load({});
  InputDigests files;
  {
    const InputRecording recording;
    (void)load_scenario(top, catalog, {});
    files = recording.files();
  }
  CHECK(files.size() == 5);
  for (const char* name :
       {"top.yaml", "common/outer.yaml", "common/inner.yaml", "jobs/read.fio", "results/fleet.tsv"}) {
    INFO(name);
    CHECK(files.count(abs_path(dir.path() / name)) == 1);
  }
  // The digest is of the content: an edit changes it, the same bytes give the same one.
  const std::string before = files.at(abs_path(dir.path() / "jobs/read.fio"));
  dir.write("jobs/read.fio", "[job1]\ndirect=1\nioengine=libaio\nrw=randread\nbs=64k\niodepth=4\nsize=1g\n");
  {
    const InputRecording recording;
    (void)load_scenario(top, catalog, {});
    CHECK(recording.files().at(abs_path(dir.path() / "jobs/read.fio")) != before);
    CHECK(recording.files().at(abs_path(top)) == files.at(abs_path(top)));
  }
  // A DISKSPD XML profile given by a --set (the point's own file, in place of the fio job).
  const std::string xml = kSource + "/scenarios/vmfleet2/profiles/sql.xml";
  {
    const InputRecording recording;
    (void)load_scenario(top, catalog, {"vms.workload.xml=" + xml, "vms.workload.file_size=10GiB"});
    CHECK(recording.files().count(abs_path(xml)) == 1);
    CHECK(recording.files().count(abs_path(dir.path() / "jobs/read.fio")) == 0);
  }
  // The catalog's part files are recorded when it loads; nested recordings pass theirs outwards.
  const InputRecording outer;
  {
    const InputRecording inner;
    (void)Catalog::load({});
    CHECK(inner.files().count(abs_path(Catalog::bundled_dir() / "drives/kioxia-cm6-v-3200.yaml")) == 1);
  }
  CHECK(outer.files().count(abs_path(Catalog::bundled_dir() / "drives/kioxia-cm6-v-3200.yaml")) == 1);
}

TEST_CASE("a figure the workload does not give: writes of a read-only load, transactions without OLTP", "[sweep]") {
  CHECK(figure_of("write_lat_p99_ms") == FigureOf::Writes);
  CHECK(figure_of("read_mb_s") == FigureOf::Reads);
  CHECK(figure_of("transaction_lat_mean_ms") == FigureOf::Transactions);
  CHECK(figure_of("tps") == FigureOf::Transactions);
  CHECK(figure_of("lat_p99_ms") == FigureOf::AllIo);
  CHECK(figure_of("total_iops") == FigureOf::AllIo);
  hcisim::models::ScenarioSpec spec;
  spec.vms.workload.targets.resize(1);
  spec.vms.workload.targets[0].write_fraction = 0;  // -w0
  CHECK(workload_lacks(spec, FigureOf::Writes) == "the workload issues no writes (-w0)");
  CHECK_FALSE(workload_lacks(spec, FigureOf::Reads));
  CHECK_FALSE(workload_lacks(spec, FigureOf::AllIo));
  CHECK(workload_lacks(spec, FigureOf::Transactions).value_or("").find("no OLTP application") != std::string::npos);
  spec.vms.workload.targets.push_back(spec.vms.workload.targets[0]);
  spec.vms.workload.targets[1].write_fraction = 1;  // a second target, -w100: both directions
  CHECK_FALSE(workload_lacks(spec, FigureOf::Writes));
  spec.vms.workload.targets.erase(spec.vms.workload.targets.begin());
  CHECK(workload_lacks(spec, FigureOf::Reads) == "the workload issues no reads (-w100)");
  // An OLTP database and SAS's iotest read and write.
  spec.vms.oltp.emplace();
  CHECK_FALSE(workload_lacks(spec, FigureOf::Reads));
  CHECK_FALSE(workload_lacks(spec, FigureOf::Transactions));
  spec.vms.oltp.reset();
  spec.vms.workload.targets.clear();
  spec.vms.sas.emplace();
  CHECK_FALSE(workload_lacks(spec, FigureOf::Reads));
  CHECK_FALSE(workload_lacks(spec, FigureOf::Writes));
  CHECK(workload_lacks(spec, FigureOf::Transactions));
}

TEST_CASE("a sweep folder whose inputs changed is refused, naming the file and how to start over", "[sweep][inputs]") {
  testing::TempDir dir;
  const fs::path out = dir.path() / "o";
  const fs::path inc = dir.write("inc.yaml", "a: 1\n");
  const fs::path drive = dir.write("cat/drives/k.yaml", "random_read_iops: 1\n");
  const InputDigests then = {{abs_path(inc), content_digest("a: 1\n")},
                             {abs_path(drive), content_digest("random_read_iops: 1\n")}};
  { SweepStore store(out, manifest_with(then)); }
  CHECK(refusal_of(out, manifest_with(then)).empty());  // unchanged: resumed

  InputDigests now = then;
  now[abs_path(inc)] = content_digest("a: 2\n");  // the include changed (4 KiB -> 64 KiB blocks, say)
  CHECK_THAT(refusal_of(out, manifest_with(now)),
             Contains("holds a sweep whose input file '" + abs_path(inc) + "' has changed since") &&
                 Contains("remove the folder '" + out.string() + "' to start the sweep over"));
  now = then;
  now[abs_path(dir.path() / "cat/drives/new.yaml")] = "0";  // a part file added to a --catalog folder
  CHECK_THAT(refusal_of(out, manifest_with(now)),
             Contains("did not read the input file '" + abs_path(dir.path() / "cat/drives/new.yaml")));
  // A file an earlier point read, that this run has not read yet, is checked on disk.
  now = then;
  now.erase(abs_path(drive));
  CHECK(refusal_of(out, manifest_with(now)).empty());
  dir.write("cat/drives/k.yaml", "random_read_iops: 1000\n");
  CHECK_THAT(refusal_of(out, manifest_with(now)), Contains("input file '" + abs_path(drive) + "' has changed since"));
  fs::remove(drive);
  CHECK_THAT(refusal_of(out, manifest_with(now)), Contains("input file '" + abs_path(drive) + "' is gone"));
}

TEST_CASE("a sweep folder of another hcisim version, or of one whose manifest lists no inputs, is refused",
          "[sweep][inputs]") {
  testing::TempDir dir;
  const fs::path out = dir.path() / "o";
  fs::create_directories(out);
  nlohmann::json old = manifest_with({});
  old["hcisim_version"] = "0.0.1";
  std::ofstream(out / "manifest.json") << old.dump(2);
  CHECK_THAT(
      refusal_of(out, manifest_with({})),
      Contains("made by another hcisim version (\"0.0.1\"; this is " HCISIM_VERSION "): the hcisim version changed") &&
          Contains("remove the folder"));
  old = manifest_with({});
  old.erase("inputs");
  old["scenario_digest"] = "0123456789abcdef";  // what the manifest held before it listed every input
  std::ofstream(out / "manifest.json") << old.dump(2);
  CHECK_THAT(refusal_of(out, manifest_with({})), Contains("whose manifest does not list the files its points read"));
  // Another argument is named as before.
  old = manifest_with({});
  old["points"] = 3;
  std::ofstream(out / "manifest.json") << old.dump(2);
  CHECK_THAT(refusal_of(out, manifest_with({})), Contains("holds a sweep with other points: remove the folder"));
}

TEST_CASE("the files a point read are added to the manifest; one changed during the sweep stops it",
          "[sweep][inputs]") {
  testing::TempDir dir;
  const fs::path out = dir.path() / "o";
  const fs::path profile = dir.write("b.xml", "<x/>");
  SweepStore store(out, manifest_with({}));
  store.note_inputs({{abs_path(profile), content_digest("<x/>")}});
  std::ifstream in(out / "manifest.json");
  const nlohmann::json written = nlohmann::json::parse(in);
  CHECK(written.at("inputs").at(abs_path(profile)) == content_digest("<x/>"));
  CHECK_THROWS_WITH(store.note_inputs({{abs_path(profile), content_digest("<y/>")}}),
                    Contains("the input file '" + abs_path(profile) + "' changed while the sweep ran"));
  // Resumed with the point's file unchanged: accepted; then changed: refused.
  CHECK(refusal_of(out, manifest_with({})).empty());
  dir.write("b.xml", "<y/>");
  CHECK_THAT(refusal_of(out, manifest_with({})), Contains("input file '" + abs_path(profile) + "' has changed since"));
}

TEST_CASE("a point file that is not a row of the point runs again; a FIFO there is refused unopened",
          "[sweep][inputs]") {
  testing::TempDir dir;
  const fs::path out = dir.path() / "o";
  const auto points = expand_grid({parse_vary("cluster.nodes=3,4")});
  SweepStore store(out, manifest_with({}));
  const fs::path file = out / "points" / "000000.json";
  // The shapes of sweep-points-foreign-json.sh, and what is no JSON at all.
  for (const char* body :
       {R"({"point": 0, "vary": {"cluster.nodes": 3}})", R"({"point": 0, "vary": {"cluster.nodes": "3"}})",
        R"({"point": 0, "vary": {"cluster.nodes": "3"}, "figures": 5})", "[1, 2]", "7", "{\"poi", ""}) {
    INFO(body);
    std::ofstream(file) << body;
    std::optional<nlohmann::json> row;
    CHECK_NOTHROW(row = store.finished(points[0]));
    CHECK_FALSE(row);
  }
  // A complete row with its figures is finished; the same row for other values is not.
  store.save(points[0], row_of(points[0]));
  CHECK(store.finished(points[0]));
  nlohmann::json other = row_of(points[0]);
  other["vary"]["cluster.nodes"] = "5";
  store.save(points[0], other);
  CHECK_FALSE(store.finished(points[0]));
  nlohmann::json no_figure = row_of(points[0]);
  no_figure["figures"].erase("total_iops");
  store.save(points[0], no_figure);
  CHECK_FALSE(store.finished(points[0]));

  // A FIFO (or a folder, or a link) at a point's path: an error naming it, at once; saving does not open it either.
  const fs::path fifo = out / "points" / "000001.json";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  CHECK_THROWS_WITH(store.finished(points[1]),
                    Contains("'" + fifo.string() + "' is a FIFO, not a point file: remove it"));
  CHECK_THROWS_WITH(store.save(points[1], row_of(points[1])), Contains("not a regular file"));
  fs::remove(fifo);
  fs::create_symlink(file, fifo);
  CHECK_THROWS_WITH(store.finished(points[1]), Contains("is a symbolic link, not a point file"));
}

TEST_CASE("a grid point is made alone, the same as in the whole grid", "[sweep]") {
  const std::vector<SweepAxis> axes = {parse_vary("run.seed=1..1000"), parse_vary("title=1..1000")};
  CHECK(grid_size(axes) == 1'000'000);
  const SweepPoint p = grid_point(axes, 999'999);
  CHECK(p.index == 999'999);
  CHECK(p.assignments == std::vector<std::string>{"run.seed=1000", "title=1000"});
  CHECK(grid_point(axes, 1001).values == std::vector<std::string>{"2", "2"});
  const std::vector<SweepAxis> small = {parse_vary("a=1,2"), parse_vary("b=x,y,z")};
  const auto all = expand_grid(small);
  for (std::size_t i = 0; i < all.size(); ++i) CHECK(grid_point(small, i).assignments == all[i].assignments);
  CHECK_THROWS_AS(grid_size({parse_vary("a=1..1000"), parse_vary("b=1..1001")}), std::invalid_argument);
}

TEST_CASE("rows read one at a time make the same CSV and JSON as rows held together", "[sweep]") {
  const std::vector<SweepAxis> axes = {parse_vary("cluster.nodes=3,4")};
  const auto points = expand_grid(axes);
  std::vector<nlohmann::json> rows = {row_of(points[0]), row_of(points[1])};
  rows[1]["warnings"] = {"a \"quoted\"\nline"};
  std::size_t reads = 0;
  const SweepRows streamed{rows.size(), [&](std::size_t i) {
                             ++reads;
                             return rows[i];
                           }};
  std::string json, csv;
  sweep_json("s \"x\".yaml", axes, streamed, [&json](std::string_view piece) { json += piece; });
  sweep_csv(axes, streamed, [&csv](std::string_view piece) { csv += piece; });
  CHECK(json == sweep_json("s \"x\".yaml", axes, rows).dump(1) + "\n");
  CHECK(csv == sweep_csv(axes, rows));
  CHECK(reads == 4);
  std::string one;
  sweep_json("s.yaml", {}, SweepRows{0, {}}, [&one](std::string_view piece) { one += piece; });
  CHECK(one == sweep_json("s.yaml", {}, {}).dump(1) + "\n");
}
