// cpu-by-layer.png: each node's CPU split by layer, on a 0-100 % axis (an idle
// cluster looks idle), its total written above its bar.
#include <fmt/format.h>
#include <vector>

#include "tools/frontend/report/plot_pictures.hpp"
#include "tools/frontend/report/plot_text.hpp"

namespace hcisim::frontend::plot {

namespace {
constexpr int kWidth = 900, kHeight = 600;
constexpr const char* kLayerNames[models::kCpuLayerCount] = {"guest", "hypervisor", "storage stack", "drive I/O",
                                                             "network"};
}  // namespace

Picture cpu_by_layer(const std::filesystem::path& dir, const std::string& title, const models::ScenarioSpec& spec,
                     const models::RunResult& r) {
  std::string data = "# host guest hypervisor stack drive_io network (percent of the host's CPU)\n";
  for (const models::NodeResult& n : r.nodes) {
    data += n.compute_host ? fmt::format("\"host {}\"", n.node + 1 - spec.cluster.node_count)
                           : fmt::format("\"node {}\"", n.node + 1);
    for (const double layer : n.cpu_by_layer) data += fmt::format(" {:.4f}", layer * 100);
    data += "\n";
  }
  write_text(dir / "cpu-by-layer.dat", data);
  const std::vector<std::string> heading = title_lines(title, "CPU per node by layer", kWidth);
  std::string s = terminal("cpu-by-layer.png", kWidth, kHeight);
  s += "set title " + gp_lines(heading) + "\n";
  s += panel_at({90, kWidth - 170, 30 + 16 * static_cast<int>(heading.size()), kHeight - 70}, kWidth, kHeight);
  s += "set style data histograms\nset style histogram rowstacked\nset style fill solid 0.85 border -1\n"
       "set boxwidth 0.7\nset ylabel \"CPU (% of the node's capacity)\"\nset yrange [0:100]\n"
       "set ytics ('0' 0, '20%%' 20, '40%%' 40, '60%%' 60, '80%%' 80, '100%%' 100)\nset grid y\n"
       "set key outside right top\nset xtics rotate by -45 nomirror\n";
  if (r.nodes.empty()) {
    s += "plot NaN notitle\n";
    return {"cpu-by-layer.png", "cpu-by-layer.gp", s};
  }
  std::vector<std::string> layers;
  for (int l = 0; l < models::kCpuLayerCount; ++l) {
    layers.push_back(
        fmt::format("'cpu-by-layer.dat' using {}{} title '{}'", l + 2, l == 0 ? ":xtic(1)" : "", kLayerNames[l]));
  }
  layers.push_back("'' using 0:($2+$3+$4+$5+$6):(sprintf('%.1f%%', $2+$3+$4+$5+$6)) with labels offset 0,0.8 notitle");
  s += "plot " + fmt::format("{}", fmt::join(layers, ", \\\n     ")) + "\n";
  return {"cpu-by-layer.png", "cpu-by-layer.gp", s};
}

}  // namespace hcisim::frontend::plot
