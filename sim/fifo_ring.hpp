// A FIFO queue stored in a power-of-two ring that only grows (doubling) to the
// peak number of queued items and never shrinks, so steady state allocates nothing.
// push_back/pop_front O(1) (amortised for growth); memory sizeof(T) per slot.
#pragma once

#include <cassert>
#include <cstddef>
#include <utility>
#include <vector>

#include "sim/prefetch.hpp"

namespace hcisim::sim {

template <class T>
class FifoRing {
 public:
  bool empty() const { return head_ == tail_; }
  std::size_t size() const { return tail_ - head_; }

  void push_back(const T& item) {
    if (size() == slots_.size()) grow();
    slots_[tail_ & (slots_.size() - 1)] = item;
    ++tail_;
  }

  // A new last item, to be filled in place.
  T& emplace_back() {
    if (size() == slots_.size()) grow();
    return slots_[tail_++ & (slots_.size() - 1)];
  }

  // The item `i` places behind the front (i < size()).
  const T& at(std::size_t i) const {
    assert(i < size());
    return slots_[(head_ + i) & (slots_.size() - 1)];
  }

  T& front() {
    assert(!empty());
    return slots_[head_ & (slots_.size() - 1)];
  }

  // A hint that the item `ahead` places behind the front will soon be read
  // (no effect when there is none).
  void prefetch(std::size_t ahead) const {
    if (ahead < size()) prefetch_for_read(&slots_[(head_ + ahead) & (slots_.size() - 1)]);
  }
  // A hint that the next push will write its slot (when there is room for it).
  void prefetch_next_push() const {
    if (size() < slots_.size()) prefetch_for_write(&slots_[tail_ & (slots_.size() - 1)]);
  }

  T pop_front() {
    assert(!empty());
    T item = std::move(slots_[head_ & (slots_.size() - 1)]);
    ++head_;
    return item;
  }

 private:
  void grow() {
    std::vector<T> bigger(slots_.empty() ? 16 : slots_.size() * 2);
    for (std::size_t i = 0; i < size(); ++i) bigger[i] = std::move(slots_[(head_ + i) & (slots_.size() - 1)]);
    tail_ = size();
    head_ = 0;
    slots_ = std::move(bigger);
  }

  std::vector<T> slots_;
  std::size_t head_ = 0;  // monotonically increasing counters; index = counter & mask
  std::size_t tail_ = 0;
};

}  // namespace hcisim::sim
