// Confidence intervals for a percentile of latencies observed over a run (a
// p99, say), by sectioning (Asmussen and Glynn, Stochastic Simulation, 2007,
// III.5a), streaming with bounded memory.
//
// The run is cut into equal sections (batches of consecutive observations, each
// observation being the latencies of one timeline interval); the point
// estimate is the percentile of all the sections' latencies together, and its
// spread is that of the sections' own percentiles around it:
//   half-width = t(m-1) x sqrt(sum (q_i - q)^2 / (m - 1)) / sqrt(m).
// Unlike the mean of the sections' percentiles (batching), the estimate does
// not inherit the bias of a percentile taken from a small sample, and a tail
// that still grows through the run (a population that drifts between queues)
// shows as spread between the sections.
//
// Sections double as in BatchMeans: when 2 x batch_count are complete, adjacent
// pairs merge, so between batch_count and 2 x batch_count - 1 are kept. Each
// holds the LatencyHistogram buckets between its shortest and longest latency
// only (a few KB, not the histogram's 34 KB: a run builds about 35 of them, and
// on a VM first-touched memory is slow); add() merges the interval into the
// open section, once per interval and nothing per I/O, and allocates only when
// a section's range widens, which stops once the latencies have been seen.
//
// A section's percentile means something only when enough of its samples lie
// beyond it: an interval is given only when every complete section has at
// least kMinTailSamples above the percentile (count x (1 - p/100)), and at
// least 2 sections are complete.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "sim/latency_histogram.hpp"

namespace hcisim::sim {

class BatchQuantiles {
 public:
  static constexpr double kMinTailSamples = 20;

  // batch_count >= 2 (throws std::invalid_argument otherwise).
  explicit BatchQuantiles(std::size_t batch_count = 8);

  // One observation: the latencies of one interval (possibly none).
  void add(const LatencyHistogram& interval);

  struct Interval {
    double estimate_ns;    // the percentile of the complete sections' latencies together
    double half_width_ns;  // the interval is estimate +- half_width
    std::size_t batches;
  };
  // The interval on percentile p (in (0, 100)) at `confidence` (in (0, 1));
  // nullopt with fewer than 2 complete sections or too few samples beyond p
  // in one of them. With `also` (fed the same intervals: read and write of one
  // run), each section holds the latencies of both (p99 of all I/Os).
  std::optional<Interval> interval(double p, double confidence, const BatchQuantiles* also = nullptr) const;

  // Whether the percentile moved during the run: the first half of the complete
  // sections against the second (each with its own sectioning spread), and the
  // half-width of the difference at `confidence` (Student t with the smaller
  // half's sections less one degrees of freedom). nullopt with fewer than 4
  // complete sections or too few samples beyond p in one.
  struct Halves {
    double first_ns;
    double second_ns;
    double half_width_ns;  // of second - first
    bool moved() const { return second_ns - first_ns > half_width_ns || first_ns - second_ns > half_width_ns; }
  };
  std::optional<Halves> halves(double p, double confidence, const BatchQuantiles* also = nullptr) const;

  void reset();

  std::size_t batch_count() const { return batch_count_; }
  std::size_t batch_size() const { return batch_size_; }  // observations per complete section
  std::size_t complete_batches() const { return complete_; }

 private:
  // LatencyHistogram's buckets from first to first + size, and its count, minimum and maximum.
  class Section {
   public:
    void add(const LatencyHistogram& h);
    void add(const Section& s);
    void clear();  // keeps the capacity
    std::uint64_t count() const { return count_; }
    double percentile_ns(double p) const;

   private:
    // Makes room for buckets [first, last].
    void widen(std::size_t first, std::size_t last);
    void count_in(std::uint64_t count, SimTime min, SimTime max);

    std::vector<std::uint64_t> samples_;
    std::size_t first_ = 0;
    std::uint64_t count_ = 0;
    SimTime min_ = 0, max_ = 0;
  };

  void close_batch();
  void check_query(double p, double confidence, const BatchQuantiles* also) const;
  // Section i, with the other series' section i when there is one (`both` is scratch).
  const Section& section(std::size_t i, const BatchQuantiles* also, Section& both) const;
  // Over sections [begin, end): the percentile of them together and the sum of
  // squares of their own percentiles around it; nullopt when one has too few samples beyond p.
  struct Spread {
    double estimate_ns;
    double squares;
  };
  std::optional<Spread> spread(double p, std::size_t begin, std::size_t end, const BatchQuantiles* also) const;

  std::size_t batch_count_;
  std::size_t batch_size_ = 1;
  std::size_t complete_ = 0;
  std::size_t partial_count_ = 0;
  std::vector<Section> sections_;  // [0, complete_) complete; [complete_] open
};

}  // namespace hcisim::sim
