#include "tools/frontend/sweep/sweep_search.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <ostream>
#include <stdexcept>

#include "models/analytic/fast_path.hpp"
#include "models/run/precision_stop.hpp"
#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/base/quantity_format.hpp"
#include "tools/frontend/input/workload_gives.hpp"
#include "tools/frontend/sweep/bound_search.hpp"
#include "tools/frontend/sweep/search_request.hpp"
#include "tools/frontend/sweep/slo.hpp"
#include "tools/frontend/sweep/slo_trend.hpp"
#include "tools/frontend/sweep/sweep_rows.hpp"

namespace hcisim::frontend {

namespace {

// Where the fast path looks: every value of a short range, else about 1.15x apart.
std::vector<long long> candidates(const SearchRange& r) {
  std::vector<long long> xs;
  if (r.hi - r.lo <= 200) {
    for (long long x = r.lo; x <= r.hi; ++x) xs.push_back(x);
    return xs;
  }
  for (long long x = r.lo; x < r.hi; x = std::max(x + 1, static_cast<long long>(static_cast<double>(x) * 1.15)))
    xs.push_back(x);
  xs.push_back(r.hi);
  return xs;
}

// IOPS per unit of mean latency: where it peaks is the knee of the latency curve.
double kleinrock_power(const models::RunResult& r) {
  return r.all_latency.mean_s > 0 ? r.total_iops() / r.all_latency.mean_s : 0;
}

class Search {
 public:
  Search(const SweepSetup& setup, SearchRange range, std::vector<Slo> slos, std::string objective, SearchFor want,
         int jobs, bool quiet, std::ostream& out, std::ostream& log)
      : setup_(setup),
        range_(std::move(range)),
        slos_(std::move(slos)),
        objective_(std::move(objective)),
        want_(want),
        jobs_(jobs),
        quiet_(quiet),
        out_(out),
        log_(log) {
    axes_.push_back({range_.key, {}});
  }

  // The fast path at every candidate; false when it does not model the scenario.
  bool map_with_fast_path() {
    std::vector<std::string> asked{objective_};
    for (const Slo& s : slos_) asked.push_back(s.figure);
    for (const std::string& figure : asked) {
      if (fast_path_gives(figure)) continue;
      if (!quiet_)
        log_ << "search: the fast path does not estimate " << figure << "; searching with the simulator alone\n";
      return false;
    }
    for (const long long x : candidates(range_)) {
      const SweepJob job = load(x);
      try {
        fast_[x] = models::analyse(job.spec);
      } catch (const models::BeyondFastPath& e) {
        if (!quiet_) log_ << "search: the fast path defers (" << e.what() << "); searching with the simulator alone\n";
        fast_.clear();
        return false;
      }
    }
    return true;
  }

  // Simulates the values not simulated yet, in parallel.
  void simulate(std::vector<long long> xs) {
    std::sort(xs.begin(), xs.end());
    xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
    std::vector<SweepJob> jobs;
    for (const long long x : xs) {
      if (!sim_.count(x)) jobs.push_back(with_slo_percentiles(load(x)));
    }
    std::vector<models::RunResult> out(jobs.size());
    run_results(jobs, out);
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      const long long x = value_of(jobs[i]);
      sim_[x] = out[i];
      specs_.emplace(x, jobs[i].spec);
      if (!quiet_) {
        log_ << "search: " << range_.key << "=" << x << " simulated: " << objective_ << " "
             << format_sweep_figure(objective_, *sweep_figure(out[i], objective_)) << verdict(out[i]) << "\n";
      }
    }
  }

  // The point at x, once its workload is known to give every figure the search
  // looks at (a read-only load has no write p99 to bound): before any run.
  SweepJob load(long long x) const {
    SweepJob job = setup_.load(point(x));
    for (const Slo& s : slos_) {
      if (const auto lacks = workload_lacks(job.spec, figure_of(s.figure))) {
        throw SweepRequestError{"--slo " + in_quotes(s.text) + ": " + *lacks};
      }
    }
    if (const auto lacks = workload_lacks(job.spec, figure_of(objective_))) {
      throw SweepRequestError{"--maximise " + objective_ + ": " + *lacks};
    }
    return job;
  }

  // With a precision, the percentiles the objectives bound are part of it: a
  // point stopped on IOPS and mean latency alone could report a p99 still growing.
  SweepJob with_slo_percentiles(SweepJob job) const {
    models::RunControl& run = job.spec.run;
    if (run.precision <= 0) return job;
    for (const Slo& s : slos_) {
      const auto& p = s.percentile;
      if (!p || !models::workload_issues(job.spec, p->of)) continue;
      if (std::find(run.precision_percentiles.begin(), run.precision_percentiles.end(), *p) ==
          run.precision_percentiles.end()) {
        run.precision_percentiles.push_back(*p);
      }
    }
    return job;
  }

  bool sim_ok(long long x) const { return all_hold(slos_, sim_.at(x)); }

  // ", meets the objectives", or which it misses and by what: ", misses read.p99<=1ms (1.052 ms)";
  // and the objectives whose limit lies within the figure's 95 % interval (close_calls()).
  std::string verdict(const models::RunResult& r) const {
    std::string missed;
    for (const Slo& slo : slos_) {
      if (slo.holds(r)) continue;
      const std::optional<double> value = sweep_figure(r, slo.figure);
      missed += (missed.empty() ? ", misses " : ", ") + slo.text + " (" +
                (value ? format_sweep_figure(slo.figure, *value) : std::string("not given")) + ")";
    }
    return (missed.empty() ? ", meets the objectives" : missed) + close_calls(r);
  }

  // "; not settled by this run: read.p99<=1ms (0.986 ms +/- 0.021 ms, 95 %)".
  std::string close_calls(const models::RunResult& r) const {
    std::string text;
    for (const Slo& slo : slos_) {
      if (!slo.close_call(r)) continue;
      text += (text.empty() ? "; not settled by this run: " : ", ") + slo.text + " (" +
              format_sweep_figure(slo.figure, *sweep_figure(r, slo.figure)) + " +/- " +
              format_sweep_figure(slo.figure, *slo.interval(r)) + ", 95 %)";
    }
    return text;
  }

  int run(const OutputFile* json, const OutputFile* csv, const std::string& plot_dir) {
    const bool fast = map_with_fast_path();
    const std::vector<long long> xs = candidates(range_);
    // The fast path's guess: for the largest value, the one giving the most of the
    // figure among those meeting the objectives (else LO); for the smallest, the
    // smallest meeting them (else HI): where the objectives are easiest.
    long long guess = largest() ? range_.lo : range_.hi, knee = -1;
    if (fast) {
      double best = -1, power = -1;
      bool found = false;
      for (const long long x : xs) {
        const models::RunResult& r = fast_.at(x);
        if (all_hold(slos_, r)) {
          const double figure = *sweep_figure(r, objective_);
          if (largest() ? figure > best : !found) {
            best = figure;
            guess = x;
          }
          found = true;
        }
        const double p = kleinrock_power(r);
        if (largest() && p > power) {
          power = p;
          knee = x;
        }
      }
    }
    if (fast && !quiet_) {
      const models::RunResult& r = fast_.at(guess);
      const bool met = all_hold(slos_, r);
      log_ << "search: the fast path over " << xs.size() << " values puts the "
           << (largest() ? "best" : "smallest meeting the objectives") << " at " << range_.key << "=" << guess << " ("
           << objective_ << " " << format_sweep_figure(objective_, *sweep_figure(r, objective_))
           << (met ? "" : "; on the fast path no value meets the objectives") << ")"
           << (largest() ? " and the knee at " + std::to_string(knee) : std::string())
           << "; confirming with the simulator\n";
    }
    BoundSearch bounds;
    bounds.lo = range_.lo;
    bounds.hi = range_.hi;
    bounds.want = want_;
    bounds.grid = xs;
    bounds.guess = guess;
    bounds.guess_meets = !fast || all_hold(slos_, fast_.at(guess));
    if (knee >= 0) bounds.also_first.push_back(knee);
    const std::optional<long long> answer = find_bound(
        bounds, [this](const std::vector<long long>& round) { simulate(round); },
        [this](long long x) { return sim_ok(x); });
    if (largest() && knee < 0) {
      double power = -1;
      for (const auto& [x, r] : sim_) {
        const double p = kleinrock_power(r);
        if (p > power) {
          power = p;
          knee = x;
        }
      }
    }
    return report(answer, knee, fast, json, csv, plot_dir);
  }

 private:
  SweepPoint point(long long x) const {
    SweepPoint p;
    p.index = static_cast<std::size_t>(x);
    p.values = {std::to_string(x)};
    p.assignments = {range_.key + "=" + std::to_string(x)};
    return p;
  }
  static long long value_of(const SweepJob& j) { return static_cast<long long>(j.point.index); }
  bool largest() const { return want_ == SearchFor::Largest; }

  void run_results(const std::vector<SweepJob>& jobs, std::vector<models::RunResult>& out) {
    std::size_t next = 0;
    const PointQueue queue{jobs.size(), [&]() -> std::optional<std::size_t> {
                             if (next == jobs.size()) return std::nullopt;
                             return next++;
                           }};
    run_on_threads(
        queue, jobs_,
        [&out, &jobs](std::size_t i) {
          out[i] = run_point(jobs[i].spec, false);  // each slot is written by one thread
          return PointOutcome();
        },
        [](std::size_t, const PointOutcome&) {}, [&jobs](std::size_t i) { return point_label(jobs[i].point); });
  }

  int report(std::optional<long long> answer, long long knee, bool fast, const OutputFile* json, const OutputFile* csv,
             const std::string& plot_dir) {
    std::vector<nlohmann::json> rows;
    for (const auto& [x, r] : sim_) rows.push_back(sweep_row_json(axes_, point(x), specs_.at(x), r));
    const std::string key = range_.key;
    // The point, the figure reported, the mean latency, the p99 of each direction
    // the workload has (a read-only run has no write p99), what limits it; and
    // the objectives it misses (`missed`) or those its run does not settle.
    auto line = [&](const std::string& what, long long x, bool missed) {
      const models::RunResult& r = sim_.at(x);
      std::string text = what + ": " + key + "=" + std::to_string(x) + " (simulated): " + objective_ + " " +
                         format_sweep_figure(objective_, *sweep_figure(r, objective_)) + ", mean latency " +
                         format_fixed(r.all_latency.mean_s * 1e3, 3) + " ms";
      if (r.read_iops > 0) text += ", read p99 " + format_fixed(r.read_latency.p99_s * 1e3, 3) + " ms";
      if (r.write_iops > 0) text += ", write p99 " + format_fixed(r.write_latency.p99_s * 1e3, 3) + " ms";
      text += "; bottleneck " + r.bottleneck.resource;
      if (!missed) return text + close_calls(r) + "\n";
      const std::string v = verdict(r);  // ", misses ...; not settled ..."
      return text + ";" + v.substr(1) + "\n";
    };
    const std::string range_text = std::to_string(range_.lo) + ".." + std::to_string(range_.hi);
    std::string text;
    std::optional<long long> closest, past;
    if (answer) {
      text += line(largest() ? "best under the objectives" : "smallest meeting the objectives", *answer, false);
      const long long next = largest() ? *answer + 1 : *answer - 1;
      if (sim_.count(next) && !sim_ok(next)) {
        past = next;
        text += line(largest() ? "the next value up misses them" : "the next value down misses them", next, true);
      }
    } else {
      closest = closest_run(slos_, sim_);
      text += "no value of " + key + " in " + range_text + " meets the objectives: " +
              (sim_.size() == 1 ? std::string("the value simulated misses them")
                                : "none of the " + std::to_string(sim_.size()) + " values simulated does") +
              ", and the search assumes they are easiest at " + key + "=" +
              std::to_string(largest() ? range_.lo : range_.hi) + "\n";
      text += line("the closest", *closest, true);
    }
    if (largest() && knee >= 0 && sim_.count(knee)) {
      text += line(
          fast ? "knee of the latency curve (fast path, confirmed)" : "knee of the latency curve (simulated points)",
          knee, false);
    }
    // What the runs show, then for the other objectives what the fast path's grid does.
    std::vector<SloTrendWarning> warnings = slo_trend_warnings(key, want_, slos_, sim_);
    for (SloTrendWarning& w : slo_trend_warnings(key, want_, slos_, fast_, true)) {
      const bool seen = std::any_of(warnings.begin(), warnings.end(), [&w](const auto& s) { return s.slo == w.slo; });
      if (!seen) warnings.push_back(std::move(w));
    }
    for (const SloTrendWarning& w : warnings) text += "warning: " + w.text + "\n";
    // The lines go where the CSV or JSON does not.
    ((json && json->is_stdout()) || (csv && csv->is_stdout()) ? log_ : out_) << text << std::flush;

    nlohmann::json out;
    nlohmann::json slo_texts = nlohmann::json::array();
    for (const auto& s : slos_) slo_texts.push_back(s.text);
    auto value_or_null = [](std::optional<long long> v) { return v ? nlohmann::json(*v) : nlohmann::json(); };
    out["over"] = key;
    out["range"] = {range_.lo, range_.hi};
    out["slo"] = slo_texts;
    out["search"] = largest() ? "largest" : "smallest";
    out["maximise"] = largest() ? nlohmann::json(objective_) : nlohmann::json();
    out["best"] = value_or_null(answer);
    out["next_missing"] = value_or_null(past);
    out["closest"] = value_or_null(closest);
    out["knee"] = knee >= 0 ? nlohmann::json(knee) : nlohmann::json();
    out["bracketed_with_fast_path"] = fast;
    nlohmann::json trend = nlohmann::json::array();
    for (const SloTrendWarning& w : warnings) {
      nlohmann::json points = nlohmann::json::array();
      for (const auto& [x, met] : w.points) points.push_back({{"value", x}, {"meets", met}});
      trend.push_back({{"slo", w.slo},
                       {"kind", w.kind == SloTrendWarning::Kind::Against ? "against_search" : "not_monotone"},
                       {"source", w.fast_path ? "fast_path" : "simulated"},
                       {"points", points},
                       {"text", w.text}});
    }
    out["warnings"] = trend;
    nlohmann::json curve = nlohmann::json::array();
    for (const auto& [x, r] : fast_) {
      curve.push_back({{"value", x},
                       {"total_iops", r.total_iops()},
                       {"lat_mean_ms", r.all_latency.mean_s * 1e3},
                       {"read_lat_p99_ms", r.read_latency.p99_s * 1e3},
                       {"write_lat_p99_ms", r.write_latency.p99_s * 1e3},
                       {"meets", all_hold(slos_, r)}});
    }
    out["fast_path_curve"] = curve;
    out["rows"] = rows;
    if (json) json->write(out.dump(1) + "\n");
    if (csv) {
      axes_[0].values.clear();
      csv->write(sweep_csv(axes_, rows));
    }
    if (!plot_dir.empty() &&
        !draw_saturation_curve(
            plot_dir,
            specs_.empty() ? setup_.scenario : sweep_title(specs_.begin()->second, point(specs_.begin()->first)),
            "search over " + range_.key + ": IOPS against p99 latency, a point per simulated value", rows_of(rows),
            log_)) {
      return 1;
    }
    return 0;
  }

  const SweepSetup& setup_;
  SearchRange range_;
  std::vector<Slo> slos_;
  std::string objective_;
  SearchFor want_;
  int jobs_;
  bool quiet_;
  std::ostream& out_;
  std::ostream& log_;
  std::vector<SweepAxis> axes_;
  std::map<long long, models::RunResult> fast_, sim_;
  std::map<long long, models::ScenarioSpec> specs_;
};

}  // namespace

int run_search(const SweepSetup& setup, const SearchRequest& q, std::ostream& out, std::ostream& log) {
  if (q.use_mpi)
    throw SweepRequestError{
        "a search (--over, --slo) runs on this machine's cores (--jobs); grids (--vary) run under MPI"};
  if (setup.fast)
    throw SweepRequestError{"a search brackets with the fast path and confirms with the simulator: drop --fast"};
  const SearchRange range = parse_over(q.over);
  const SearchFor want = search_direction(q, range.key);
  const std::string figure = q.maximise_given && q.maximise != range.key ? q.maximise : "total_iops";
  std::vector<Slo> slos;
  try {
    for (const std::string& s : q.slos) slos.push_back(parse_slo(s));
    (void)sweep_figure(models::RunResult{}, figure);
  } catch (const std::invalid_argument& e) {
    throw SweepRequestError{std::string(e.what()).find("no figure named") == 0 ? "--maximise: " + std::string(e.what())
                                                                               : e.what()};
  }
  Search search(setup, range, slos, figure, want, q.jobs, q.quiet, out, log);
  return search.run(q.json, q.csv, q.plot_dir);
}

}  // namespace hcisim::frontend
