// timeline: failures over time: events at given times, and random node outages.
#include <set>

#include "models/storage/product_registry.hpp"
#include "tools/frontend/base/quantity_format.hpp"
#include "tools/frontend/input/scenario_sections.hpp"
#include "tools/frontend/input/yaml_reader.hpp"

namespace hcisim::frontend::scenario_sections {

namespace {

// "node 3" or "drive 2.5" (drive 5 of node 2), 1-based as people count them.
// "7" of 1..max as 6 (0-based), or -1.
int one_based(const std::string& digits, int max) {
  if (digits.empty() || digits.size() > 7 || digits.find_first_not_of("0123456789") != std::string::npos) return -1;
  const int n = std::stoi(digits);
  return n >= 1 && n <= max ? n - 1 : -1;
}

void read_part(const YamlValue& value, const models::ClusterSpec& cluster, models::TimelineEvent& event) {
  const std::string text = value.text();
  int drives = 0;
  for (const auto& g : cluster.node.drives) drives += g.role == models::DriveRole::Capacity ? g.count : 0;
  const int ports = cluster.nic.ports * cluster.node.nic_count;
  // "N.D" after a prefix: node N and part D (both 1-based); false when either is out of range.
  auto node_and_part = [&](const std::string& rest, int parts, int& part) {
    const auto dot = rest.find('.');
    event.node = one_based(rest.substr(0, dot), cluster.node_count);
    part = dot == std::string::npos ? -1 : one_based(rest.substr(dot + 1), parts);
    return event.node >= 0 && part >= 0;
  };
  if (text.rfind("node ", 0) == 0) {
    event.part = models::FailurePart::Node;
    event.node = one_based(text.substr(5), cluster.node_count);
    if (event.node < 0) {
      value.fail_expected("'node N' (1.." + std::to_string(cluster.node_count) +
                          ") or 'drive N.D' (node N, drive D of 1.." + std::to_string(drives) + ")");
    }
  } else if (text.rfind("drive ", 0) == 0) {
    event.part = models::FailurePart::Drive;
    if (!node_and_part(text.substr(6), drives, event.drive)) {
      value.fail_expected("'node N' (1.." + std::to_string(cluster.node_count) +
                          ") or 'drive N.D' (node N, drive D of 1.." + std::to_string(drives) + ")");
    }
  } else if (text.rfind("nic ", 0) == 0) {
    event.part = models::FailurePart::NicPort;
    if (!node_and_part(text.substr(4), ports, event.port)) {
      value.fail_expected("'nic N.P' (node N of 1.." + std::to_string(cluster.node_count) + ", NIC port P of 1.." +
                          std::to_string(ports) + ")");
    }
  } else {
    value.fail_expected("'node N', 'drive N.D' or 'nic N.P'");
  }
}

// A NIC port fails (it was up, and not the node's last) or returns (it was down).
void check_port_event(const YamlValue& what, const models::TimelineEvent& event, const models::ClusterSpec& cluster,
                      std::vector<std::set<int>>& ports_down) {
  std::set<int>& down = ports_down[static_cast<std::size_t>(event.node)];
  const std::string name = "port " + std::to_string(event.port + 1) + " of node " + std::to_string(event.node + 1);
  if (event.fail) {
    if (!down.insert(event.port).second) what.fail(name + " is already down then");
    if (static_cast<int>(down.size()) == cluster.nic.ports * cluster.node.nic_count) {
      what.fail(name +
                " is the node's last port up: a node cut off from the storage network is a node failure "
                "('fail: node " +
                std::to_string(event.node + 1) + "')");
    }
  } else if (down.erase(event.port) == 0) {
    what.fail(name + " is up then: nothing returns");
  }
}

}  // namespace

models::FailureTimeline read_timeline(const YamlValue& value, const models::ClusterSpec& cluster,
                                      const models::RunControl& run) {
  const YamlMap map = value.map({"events", "random"});
  const models::ProductEntry& stack_product = models::product(cluster.stack.product);
  models::FailureTimeline timeline;
  const sim::SimTime end = run.warmup_ns + run.duration_ns;
  if (const auto events = map.optional("events")) {
    std::vector<bool> down(static_cast<std::size_t>(cluster.node_count), false);
    std::vector<std::set<int>> ports_down(static_cast<std::size_t>(cluster.node_count));
    std::vector<std::set<int>> drives_failed(static_cast<std::size_t>(cluster.node_count));
    for (const int f : cluster.failed_nodes) down[static_cast<std::size_t>(f)] = true;
    sim::SimTime last = 0;
    for (const YamlValue& item : events->items()) {
      const YamlMap entry = item.map({"at", "fail", "drain", "return", "mode"});
      models::TimelineEvent event;
      const YamlValue at = entry.required("at");
      event.at = at.duration_ns();
      if (event.at < last) at.fail_expected("events in time order (this one is earlier than the one before)");
      if (event.at >= end)
        at.fail_expected("a time inside the run (warm-up + duration = " + format_duration(end) + ")");
      last = event.at;
      const auto failed = entry.optional("fail");
      const auto drained = entry.optional("drain");
      const auto back = entry.optional("return");
      if (failed.has_value() + drained.has_value() + back.has_value() != 1) {
        entry.fail("expected exactly one of fail: (a part fails), drain: (a node taken down for maintenance) or "
                   "return:");
      }
      const auto& fail = failed ? failed : drained;
      event.fail = fail.has_value();
      event.planned = drained.has_value();
      read_part(fail ? *fail : *back, cluster, event);
      const YamlValue& what = fail ? *fail : *back;
      if (!stack_product.accepts.node_failures && event.part == models::FailurePart::Node) {
        what.fail(std::string(stack_product.title) + " node failures (" + std::string(stack_product.node_role) +
                  ") are not modelled yet; a drive ('drive N.D') or a NIC port ('nic N.P') can fail");
      }
      if (!stack_product.accepts.drive_failures && event.part == models::FailurePart::Drive) {
        what.fail(std::string(stack_product.title) + " drive failures are not modelled");
      }
      if (event.planned && event.part != models::FailurePart::Node) {
        what.fail_expected("'node N': only a node is drained for maintenance");
      }
      if (event.part == models::FailurePart::NicPort) {
        check_port_event(what, event, cluster, ports_down);
      } else if (event.part == models::FailurePart::Node) {
        const bool is_down = down[static_cast<std::size_t>(event.node)];
        if (event.fail && is_down) what.fail("node " + std::to_string(event.node + 1) + " is already down then");
        if (!event.fail && !is_down)
          what.fail("node " + std::to_string(event.node + 1) + " is up then: nothing returns");
        down[static_cast<std::size_t>(event.node)] = event.fail;
      } else if (event.fail) {
        if (!drives_failed[static_cast<std::size_t>(event.node)].insert(event.drive).second) {
          what.fail("drive " + std::to_string(event.node + 1) + "." + std::to_string(event.drive + 1) +
                    " has failed already: a failed drive does not return");
        }
      } else {
        what.fail("a failed drive does not return: its data is rebuilt elsewhere (S2D: into reserve capacity on "
                  "its node; ScaleIO: onto the other nodes' spare capacity)");
      }
      if (const auto mode = entry.optional("mode")) {
        // How a drive fails: it stops answering (I/O waits for the detection
        // timeout) or returns errors (known at once). S2D models both.
        if (!event.fail || event.part != models::FailurePart::Drive) {
          mode->fail("mode: is how a drive fails; this event is not a drive failing");
        }
        if (!stack_product.accepts.drive_failure_modes) {
          std::string modelled;
          for (const models::ProductEntry& p : models::products()) {
            if (p.accepts.drive_failure_modes) modelled += (modelled.empty() ? "" : ", ") + std::string(p.title);
          }
          mode->fail("mode: is modelled for " + modelled +
                     " only (this stack's failed device returns errors after its device_detection)");
        }
        const std::string how = mode->text();
        if (how == "errors") {
          event.stops_answering = false;
        } else if (how != "stops answering") {
          mode->fail_expected("'stops answering' (I/O to it waits for the stack's drive_detection) or 'errors' "
                              "(the first I/O to it fails, and the cluster knows at once)");
        }
      }
      timeline.events.push_back(event);
    }
  }
  if (const auto random = map.optional("random")) {
    if (!stack_product.accepts.node_failures) {
      random->fail("random node failures on " + std::string(stack_product.title) +
                   " are not modelled yet (node failures are not)");
    }
    const YamlMap r = random->map({"node_outage"});
    timeline.random_failures = true;
    timeline.random_node_outage_ns = r.required("node_outage").duration_ns();
    if (cluster.node.mtbf_hours <= 0) {
      random->fail("node '" + cluster.node.id + "' states no mtbf in the catalog: random node failures need one");
    }
  }
  return timeline;
}

}  // namespace hcisim::frontend::scenario_sections
