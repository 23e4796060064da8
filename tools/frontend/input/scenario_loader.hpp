// Reads a scenario file into a resolved, validated ScenarioSpec; parts are
// copied from the catalog. The format (every key; * = required):
//
//   schema_version: 1                     * (in this file or an included one)
//   title: "..."                          *
//   description: "..."
//   include: common/cluster.yaml          or a list; relative to this file; this file wins (see yaml_include.hpp)
//   cluster:                              *
//     node: dell-ax-7525                  * catalog node id (its cpu, drives and nic come with it)
//     nodes: 4                            * 1..1024
//     switch: generic-100gbe                catalog switch id; omit for direct-connected nodes
//     stack: s2d                          * catalog stack id
//     resiliency: three-way-mirror        * simple | two-way-mirror | three-way-mirror (needs >= copies nodes)
//     csv_cache: 0                          size per node; default 0 (off)
//     cache_warmup: vmfleet | cold          required with cache drives: how the cache tier starts
//     failed_nodes: [4]                     1-based node numbers down for the whole run; default none
//     volume_owners: [1, 2, 3, 4]           the owner node of each node-named volume; default volume i on node i
//     witness: false                        a witness votes in cluster quorum
//     repair_speed: 4                       outstanding repair I/Os per volume: 1, 2, 4, 8 or 16
//     hypervisor: hyper-v                   catalog hypervisor id of the hosts the VMs run on; default hyper-v
//                                           for s2d (which refuses others); required for scaleio
//     vp_scheduler: classic                 classic | core: the hosts' virtual-processor scheduler; default the
//                                           hypervisor profile's
//     compute_hosts: {node: ID, count: 4}   two-layer: the VMs run on `count` compute-only hosts (a node
//                                           part without drives), dealt round-robin; default none (HCI)
//     parts: {cpu: {ID: {all_core_clock: 2.8GHz}}}  catalog parts' fields changed for this run, by kind and id
//                                           (part_overrides.hpp); read by the catalog's reader
//   vms:                                  *
//     per_node: 64                        * one count for every healthy node (failed nodes get 0),
//                                           or a list with one entry per node (failed nodes must be 0); 0..1024
//     vcpus: 2                            *
//     memory: 4GiB                          default 0; the VMs on a node must fit the node's memory
//     workload:                           * exactly one of workload / oltp
//       vmfleet: B4-T2-O32-W0-PR            exactly one of vmfleet / vmfleet2 / diskspd / xml
//       vmfleet2: General4KWriteRatio30     a VMFleet 2.0 core workload (vmfleet2_workloads.hpp)
//       diskspd: "-b4K -t2 -o32 -w0 -r"     (see diskspd_parser.hpp for flags and defaults), or a
//                                           list of lines, one target each, all on the VM's file
//       xml: profiles/sql.xml               a DISKSPD XML profile, relative to this file (diskspd_xml.hpp)
//       fio: jobs/oltp.fio                  a fio job file, relative to this file (fio_job_parser.hpp)
//       threads: 2                          sets -t of every target (a what-if over the line); 1..65536
//       outstanding: 32                     sets -o of every target; 1..65536
//       iops_per_vm: 8480                   VMFleet 2.0's per-VM IOPS target (QOSperVM): -g on every thread
//                                           (vmfleet2_workloads.hpp)
//       file_size: 10GiB                    the VM's file, which every target works in; or -c in the
//                                           diskspd line / FileSize in the profile (not both);
//                                           VMs x file_size x copies must fit the pool's capacity drives
//     oltp:                                 an OLTP database in every VM instead of DISKSPD
//       application: sql-server-oltp      * catalog application id
//       users: 15000                      * per VM
//       think_time: 4.743s                * mean (exponential)
//       buffer_pool: 48GB                 * per VM
//       database_size: 150GB              * per VM (the data file, at the start of the disk)
//       data_disk: 500GB                  * the VM's data/log virtual disk (log region at its end)
//     alignment: 70%                        the share of each node's VMs on their volume's owner (VMFleet's
//                                           VMAlignmentPct); the rest run on the other nodes in turn; default 100%
//     failover: [{from: 4, to: 2}]          where a failed node's VMs restart (required for failed_nodes with
//                                           VMs; a node failing in the timeline defaults to the running node
//                                           with the fewest VMs)
//   timeline:                               failures over time (read_timeline)
//     events: [{at: 10s, fail: node 3}, {at: 12s, fail: drive 2.1}, {at: 40s, return: node 3},
//              {at: 5s, drain: node 2}, {at: 6s, fail: nic 1.2}]  in time order, inside the run
//     random: {node_outage: 10min}          nodes fail at the catalog's MTBF, each down this long
//   run:                                  *
//     duration: 200ms                     * measured simulated time after warm-up
//     warmup: 20ms                          default 0
//     seed: 1                               default 1
//   reference:                              published figures to compare with
//     source: "..."                         default note for every figure
//     figures:
//       - figure: read_iops               * read_iops write_iops total_iops read_throughput write_throughput
//                                           total_throughput read_latency_avg write_latency_avg latency_avg
//                                           tps transaction_latency_avg (OLTP)
//         value: 5727985                  * a count (IOPS), a byte rate (105GB/s) or a duration (1.3ms)
//         tolerance: 10%                    default 25%
//         comparison: approximately         approximately | at_most
//         calibration: true                 default false
//         note: "..."                       default reference.source
//     measured:                             figures from a result file (measured_results.hpp); a list or one
//       file: results/fleet.tsv           * a VMFleet table (.csv/.tsv/.txt) or fio JSON (.json)
//       row: NAME | job: NAME             * exactly one: the table row, or the fio job
//       figures: [total_iops, vmfleet_cpu] * figure names the file has a value for
//       tolerance: 10%                      default 25%; comparison, note as above
//     vmfleet_runs:                         a VMFleet 2.0 result table whose rows are runs of this cluster
//       file: data/points.csv             * (vmfleet_runs.hpp; validate and calibrate run every row)
//       where: {cluster: NAME}              only the rows whose columns have these values
//
// A cloud cluster (scenario_cloud.hpp) replaces the server keys of cluster:,
// vms: and run: (node, nodes, switch, hypervisor, ... are refused there; the
// server products refuse these):
//   cluster:
//     cloud:                              *
//       storage_vm: azure-standard-d64s-v3 * catalog cloud_vm id
//       storage_vms: 6                    * 1..1024 (one column of every volume each)
//       data_disk: azure-premium-ssd-p60  * catalog managed_disk id (attached uncached)
//       disks_per_vm: 4                   * per storage VM, 1..256
//       client_vm: azure-standard-e64-16ds-v4 * catalog cloud_vm id
//       clients: 5                        * 1..1024
//     stack: infoscale                    * an infoscale stack
//     resiliency: simple                  * simple only (striped volumes)
//     infoscale:                          *
//       volumes: 4                        * one per data disk of a storage VM
//       stripe_unit: 16KiB                  default the stack's
//       vxfs: {discovered_direct_iosz: 128MiB, write_nstream: 96, read_nstream: 96,
//              write_pref_io: .., read_pref_io: ..}   default the stack's (pref_io, nstream: geometry)
//   vms:
//     sas_iotest:                         * one stream per physical core of each client
//       file_size: 2GiB                   * per stream, whole blocks; the volumes must hold the files
//       block_size: 64KiB                 * one read()/write() call
//   run:
//     time_limit: 2h                      * the run ends with the iotest, at most this
//     interval: 1s                          default time_limit / 32
//     seed: 1                               default 1
//     time_scale: 60                        coarse time scale, 1..1,000,000 (burst windows and files
//                                           k x smaller; each burst window stays >= 100 throttle windows)
//   reference figures: write_throughput_per_core, read_throughput_per_core (SAS runs only)
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "models/spec/scenario_spec.hpp"
#include "tools/frontend/input/catalog.hpp"

namespace hcisim::frontend {

// Throws LoadError ("FILE:LINE: key 'a.b': expected ..., got ...") on any problem,
// including values past the bounds of input_limits.hpp.
// ScenarioSpec::id is the file stem.
// `overrides` are what-ifs written "key.path=value" (e.g. "cluster.nodes=8",
// "vms.per_node=[32, 64, 32, 0]"): each is merged over the file like one more
// include that wins, then checked like the rest; they are appended to the title.
models::ScenarioSpec load_scenario(const std::filesystem::path& file, const Catalog& catalog,
                                   const std::vector<std::string>& overrides = {});

// What was understood, as readable text (for `hcisim run --dry-run`).
std::string describe(const models::ScenarioSpec& scenario);

}  // namespace hcisim::frontend
