#include "tools/frontend/validation/validate.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <exception>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "models/run/simulation.hpp"
#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/base/printf_string.hpp"
#include "tools/frontend/base/progress_text.hpp"
#include "tools/frontend/input/scenario_loader.hpp"
#include "tools/frontend/report/finding_text.hpp"
#include "tools/frontend/report/report_text.hpp"

namespace hcisim::frontend {

std::vector<std::filesystem::path> find_scenarios(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  for (auto it = std::filesystem::recursive_directory_iterator(dir);
       it != std::filesystem::recursive_directory_iterator(); ++it) {
    if (it->is_directory() && it->path().filename() == "common") {
      it.disable_recursion_pending();
      continue;
    }
    const auto ext = it->path().extension();
    if (it->is_regular_file() && (ext == ".yaml" || ext == ".yml")) files.push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string scenario_name(const std::filesystem::path& file, const std::filesystem::path& dir) {
  const std::filesystem::path stem = file.parent_path() / file.stem();
  if (!dir.empty()) {
    const std::filesystem::path relative = stem.lexically_relative(dir.lexically_normal());
    const bool inside = !relative.empty() && *relative.begin() != "..";
    if (inside && relative.has_parent_path()) return relative.generic_string();
    if (inside) {
      // Directly in the folder given: led by that folder's own name.
      std::filesystem::path folder = dir.lexically_normal();
      if (folder.filename().empty()) folder = folder.parent_path();
      if (!folder.filename().empty() && folder.filename() != "." && folder.filename() != "..") {
        return (folder.filename() / relative).generic_string();
      }
      return relative.generic_string();
    }
  }
  const std::filesystem::path folder = file.parent_path().filename();
  return (folder.empty() ? file.stem() : folder / file.stem()).generic_string();
}

std::vector<ScenarioFile> find_named_scenarios(const std::filesystem::path& dir) {
  std::vector<ScenarioFile> named;
  for (const std::filesystem::path& file : find_scenarios(dir)) named.push_back({file, scenario_name(file, dir)});
  return named;
}

namespace {

// A scenario that runs: its reference run and measured runs, and what they gave.
struct Pending {
  std::string name;
  models::ScenarioSpec spec;
  std::vector<MeasuredCase> cases;
  bool reference_run = false;
  std::vector<models::FigureComparison> comparisons;
  std::vector<std::string> warnings;
  std::vector<MeasuredComparison> measured;
  int left = 0;  // simulations not yet finished
  bool started = false;
  std::chrono::steady_clock::time_point start;
};

// One simulation: a scenario's reference run (measured_case -1) or one of its measured runs.
struct Task {
  std::size_t scenario = 0;
  int measured_case = -1;
};

}  // namespace

ValidationReport validate_scenarios(const std::vector<ScenarioFile>& files, const Catalog& catalog,
                                    const std::function<void(const ScenarioDone&)>& on_done, int jobs) {
  std::vector<Pending> pending;
  std::vector<Task> tasks;
  for (const ScenarioFile& file : files) {
    Pending p;
    p.name = file.name;
    p.spec = load_scenario(file.path, catalog);
    if (p.spec.measured_runs) p.cases = measured_cases_of(p.spec);
    p.reference_run = !p.spec.references.empty();
    p.left = static_cast<int>(p.cases.size()) + (p.reference_run ? 1 : 0);
    if (p.left == 0) continue;  // nothing to compare with: not run
    const std::size_t index = pending.size();
    if (p.reference_run) tasks.push_back({index, -1});
    for (std::size_t c = 0; c < p.cases.size(); ++c) tasks.push_back({index, static_cast<int>(c)});
    p.measured.resize(p.cases.size());
    pending.push_back(std::move(p));
  }

  std::atomic<std::size_t> next{0};
  std::mutex lock;
  std::exception_ptr failure;
  int finished = 0;
  auto worker = [&] {
    for (;;) {
      const std::size_t i = next++;
      if (i >= tasks.size()) return;
      const Task& task = tasks[i];
      Pending& p = pending[task.scenario];
      {
        const std::lock_guard guard(lock);
        if (!p.started) {
          p.started = true;
          p.start = std::chrono::steady_clock::now();
        }
      }
      try {
        if (task.measured_case < 0) {
          const models::RunResult result = models::simulate(p.spec);
          const std::lock_guard guard(lock);
          p.comparisons = result.references;
          p.warnings = finding_texts(result.warnings);
        } else {
          const auto c = static_cast<std::size_t>(task.measured_case);
          MeasuredComparison m = compare_measured(p.name, p.cases[c], models::simulate(p.cases[c].spec));
          const std::lock_guard guard(lock);
          p.measured[c] = std::move(m);
        }
      } catch (const std::exception& e) {
        const std::lock_guard guard(lock);
        if (!failure) {
          const std::string what =
              task.measured_case < 0
                  ? p.name
                  : p.name + " (" + p.cases[static_cast<std::size_t>(task.measured_case)].label + ")";
          failure = std::make_exception_ptr(std::runtime_error(what + ": " + e.what()));
        }
        next = tasks.size();
        return;
      }
      const std::lock_guard guard(lock);
      if (--p.left > 0) continue;
      ++finished;
      if (!on_done) continue;
      ScenarioDone done;
      done.name = p.name;
      done.finished = finished;
      done.count = static_cast<int>(pending.size());
      done.figures = static_cast<int>(p.comparisons.size());
      for (const models::FigureComparison& c : p.comparisons) done.outside += c.graded && !c.within ? 1 : 0;
      done.measured_runs = static_cast<int>(p.cases.size());
      done.warnings = static_cast<int>(p.warnings.size());
      done.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - p.start).count();
      on_done(done);
    }
  };
  const int n = std::max(1, std::min<int>(jobs, static_cast<int>(tasks.size())));
  std::vector<std::thread> pool;
  for (int t = 1; t < n; ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);

  // In file order, whatever finished first.
  ValidationReport report;
  for (Pending& p : pending) {
    for (MeasuredComparison& m : p.measured) report.measured.push_back(std::move(m));
    for (const MeasuredCase& c : p.cases) {
      const auto [at, first] = report.measured_regimes.emplace(p.name, regime_of(c.spec));
      if (!first) at->second = widened(at->second, regime_of(c.spec));
    }
    if (!p.reference_run) continue;
    ++report.scenarios_run;
    report.regimes[p.name] = regime_of(p.spec);
    for (const models::FigureComparison& c : p.comparisons) {
      report.rows.push_back({p.name, c});
      if (c.graded && !c.within) ++report.outside;
    }
    for (const std::string& w : p.warnings) report.warnings.push_back({p.name, w});
  }
  if (!report.measured.empty()) {
    const MeasuredSummary all = summarise(report.measured);
    report.measured_outside = all.median_peak_iops_error > kMeasuredIopsTolerance ||
                              all.median_latency_error > kMeasuredLatencyTolerance ||
                              all.median_cpu_points > kMeasuredCpuPoints;
  }
  return report;
}

ValidationReport validate_scenarios(const std::vector<std::filesystem::path>& files, const Catalog& catalog,
                                    const std::function<void(const ScenarioDone&)>& on_done, int jobs) {
  std::vector<ScenarioFile> named;
  for (const std::filesystem::path& file : files) named.push_back({file, scenario_name(file)});
  return validate_scenarios(named, catalog, on_done, jobs);
}

std::string format_scenario_done(const ScenarioDone& d) {
  const int width = static_cast<int>(std::to_string(d.count).size());
  std::string text = printf_string("[%*d/%d] %s:", width, d.finished, d.count, printable(d.name).c_str());
  std::string what;
  if (d.figures > 0) {
    what += printf_string(" %d figure%s, %d outside tolerance", d.figures, d.figures == 1 ? "" : "s", d.outside);
  }
  if (d.measured_runs > 0) {
    what += printf_string("%s %d measured run%s", what.empty() ? "" : ",", d.measured_runs,
                          d.measured_runs == 1 ? "" : "s");
  }
  if (d.warnings > 0) what += printf_string(", %d warning%s", d.warnings, d.warnings == 1 ? "" : "s");
  return text + what + " (" + format_seconds(d.wall_s) + ")";
}

std::string format_validation_table(const ValidationReport& report) {
  std::ostringstream out;
  // The scenario column as wide as its longest name; the comparison's columns as wide as theirs.
  std::size_t width = std::string("scenario").size();
  for (const auto& row : report.rows) width = std::max(width, printable(row.scenario).size());
  std::vector<models::FigureComparison> comparisons;
  for (const auto& row : report.rows) comparisons.push_back(row.comparison);
  const std::vector<std::string> lines = format_comparison_lines(comparisons);
  const int w = static_cast<int>(width);
  out << printf_string("%-*s ", w, "scenario") << lines.front() << "\n";
  for (std::size_t i = 0; i < report.rows.size(); ++i) {
    out << printf_string("%-*s ", w, printable(report.rows[i].scenario).c_str()) << lines[i + 1] << "\n";
  }
  out << printf_string("\n%d scenarios, %zu figures, %d outside tolerance\n", report.scenarios_run, report.rows.size(),
                       report.outside);
  if (!report.measured.empty()) {
    out << "\nMeasured runs: the unthrottled peaks (all runs: --csv)\n";
    std::vector<MeasuredComparison> peaks;
    for (const MeasuredComparison& m : report.measured) {
      if (m.peak) peaks.push_back(m);
    }
    out << format_measured_table(peaks) << "\n";
    std::vector<std::string> scenarios;
    for (const MeasuredComparison& m : report.measured) {
      if (std::find(scenarios.begin(), scenarios.end(), m.scenario) == scenarios.end()) scenarios.push_back(m.scenario);
    }
    for (const std::string& id : scenarios) {
      std::vector<MeasuredComparison> own;
      for (const MeasuredComparison& m : report.measured) {
        if (m.scenario == id) own.push_back(m);
      }
      out << format_measured_summary(id, summarise(own));
    }
    const MeasuredSummary all = summarise(report.measured);
    out << format_measured_summary("all measured runs", all);
    out << printf_string(
        "criteria: peaks' IOPS %s (median within %.0f %%), mean latency %s (%.0f %%), CPU %s (%.0f points)\n",
        all.median_peak_iops_error <= kMeasuredIopsTolerance ? "met" : "MISSED", kMeasuredIopsTolerance * 100,
        all.median_latency_error <= kMeasuredLatencyTolerance ? "met" : "MISSED", kMeasuredLatencyTolerance * 100,
        all.median_cpu_points <= kMeasuredCpuPoints ? "met" : "MISSED", kMeasuredCpuPoints);
  }
  if (!report.warnings.empty()) out << "\nWarnings\n";
  for (const ValidationWarning& w : report.warnings) {
    out << "  " << printable(w.scenario) << ": " << printable(w.text) << "\n";
  }
  return out.str();
}

}  // namespace hcisim::frontend
