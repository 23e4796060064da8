// Confidence intervals for the mean of a (possibly autocorrelated) output series by
// the method of batch means, streaming with bounded memory.
//
// Observations fill batches of `batch_size` (which starts at 1). When 2*batch_count
// complete batches exist, adjacent pairs merge and the batch size doubles, so between
// batch_count and 2*batch_count-1 complete batches are kept once the run is longer
// than 2*batch_count observations. Memory: 2*batch_count doubles, reserved at
// construction; add() is O(1) amortised and never allocates.
//
// The interval treats the complete batch means as i.i.d. normal (Student t with
// batches-1 degrees of freedom). That holds when batches are long compared with the
// correlation time of the series, which the doubling provides as the run grows.
// Observations in the unfinished batch count towards mean() but not the interval.
#pragma once

#include <cstddef>
#include <vector>

namespace hcisim::sim {

class BatchMeans {
 public:
  // batch_count >= 2 (throws std::invalid_argument otherwise).
  explicit BatchMeans(std::size_t batch_count = 32);

  void add(double x) {
    ++count_;
    sum_ += x;
    partial_sum_ += x;
    if (++partial_count_ == batch_size_) close_batch();
  }

  std::size_t count() const { return count_; }  // observations
  double mean() const { return count_ == 0 ? 0.0 : sum_ / static_cast<double>(count_); }

  struct Interval {
    double mean;        // mean of the complete batches' observations
    double half_width;  // the interval is mean +- half_width
    double confidence;
    std::size_t batches;
  };
  // Student-t interval over the complete batches; confidence in (0, 1).
  // Throws std::logic_error with fewer than 2 complete batches,
  // std::invalid_argument for a confidence outside (0, 1).
  Interval interval(double confidence = 0.95) const;

  void reset();

  // Introspection (reports, tests).
  std::size_t batch_count() const { return batch_count_; }
  std::size_t batch_size() const { return batch_size_; }  // observations per batch now
  std::size_t complete_batches() const { return batch_sums_.size(); }
  std::size_t partial_batch_count() const { return partial_count_; }  // observations not yet in a batch

 private:
  void close_batch();

  std::size_t batch_count_;
  std::size_t batch_size_ = 1;
  std::vector<double> batch_sums_;  // sums of complete batches, each batch_size_ observations
  double partial_sum_ = 0.0;
  std::size_t partial_count_ = 0;
  double sum_ = 0.0;
  std::size_t count_ = 0;
};

}  // namespace hcisim::sim
