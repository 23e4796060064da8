// The cloud parts of a scenario (scenario_loader.hpp lists every key):
//   cluster.cloud + cluster.infoscale  -> a cloud cluster with the InfoScale stack
//   vms.sas_iotest                     -> SAS rhel_iotest streams on the client VMs
//   run (time_limit, interval, seed, time_scale)
// Each reader refuses the keys the model would not use; the server products
// (S2D, ScaleIO) refuse the cloud keys, and a cloud cluster the servers' keys.
#pragma once

#include "models/spec/scenario_spec.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/yaml_reader.hpp"

namespace hcisim::frontend {

// Whether the cluster mapping describes cloud VMs (it has a `cloud:` key).
bool is_cloud_cluster(const YamlValue& cluster);
// A cluster of cloud VMs: cluster.{cloud, stack, resiliency, infoscale}.
models::ClusterSpec read_cloud_cluster(const YamlValue& value, const Catalog& catalog);
// What the client VMs run: vms.sas_iotest (no VMs on the storage VMs).
models::VmSpec read_sas_vms(const YamlValue& value, const models::ClusterSpec& cluster);
// A SAS run: it ends when the iotest does, or at time_limit; sets cluster.cloud.time_scale.
models::RunControl read_sas_run(const YamlValue& value, models::ClusterSpec& cluster);

// run.seed and run.interval (at most 1,000,000 intervals in `span`, the run's
// duration already read), shared by both kinds of run: section (scenario_loader.cpp).
void read_seed_and_interval(const YamlMap& map, models::RunControl& run, const std::string& span);
// The cloud cluster, its stack and the SAS workload as understood (for `hcisim run --dry-run`).
std::string describe_cloud(const models::ScenarioSpec& scenario);

}  // namespace hcisim::frontend
