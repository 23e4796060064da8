// Measured results as reference figures: a row of a VMFleet result table or a
// job of a fio JSON file, read into figures a run is compared on.
//
// VMFleet table (hcisim's shape for what Measure-FleetCoreWorkload reports,
// mechanisms.md 2.6: IOPS summed over VMs, DISKSPD latencies IOPS-weighted
// across VMs, CPU % as VMFleet computes it; the cmdlet's own column names are
// not in the reference library, so these are hcisim's): comma- or
// tab-separated, a header line, fields optionally in double quotes (as
// PowerShell's Export-Csv writes them; a "#TYPE ..." line and '#' comment lines
// are skipped). The first column names the row. Columns, any case, any order,
// each optional (empty = not measured):
//   IOPS ReadIOPS WriteIOPS                         -> total_iops read_iops write_iops
//   AverageCPU (percent, 0-100+)                    -> vmfleet_cpu
//   AverageReadLatency AverageWriteLatency (ms)     -> read_latency_avg write_latency_avg
//   ReadLatencyP50 ReadLatencyP90 ReadLatencyP99 (ms), WriteLatencyP50 ... (ms)
//                                                   -> read_latency_p50 ... write_latency_p99
//   ReadMBps WriteMBps (10^6 bytes/s)               -> read_throughput write_throughput
//
// fio JSON (fio 3.x --output-format=json or json+): the job whose jobname is
// given; read/write iops and bw_bytes; latency averages from lat_ns.mean;
// percentiles from lat_ns.percentile when fio wrote them (lat_percentiles=1),
// else clat_ns.percentile (fio's default; slat is then not included). CPU % is
// not in fio's output (usr_cpu/sys_cpu are fio's own process).
#pragma once

#include <filesystem>
#include <map>
#include <string>

#include "models/spec/scenario_spec.hpp"

namespace hcisim::frontend {

// Every figure the row (by its first-column name, or a 1-based row number when
// no row has that name) has a value for. Throws LoadError naming the file.
std::map<models::Figure, double> read_vmfleet_table(const std::filesystem::path& file, const std::string& row);

// Every figure the fio job named `job` has (throws LoadError naming the file).
std::map<models::Figure, double> read_fio_json_figures(const std::filesystem::path& file, const std::string& job);

// By extension: .json -> fio, .csv / .tsv / .txt -> VMFleet table.
std::map<models::Figure, double> read_measured_figures(const std::filesystem::path& file, const std::string& row);

}  // namespace hcisim::frontend
