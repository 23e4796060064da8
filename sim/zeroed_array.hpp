// A fixed-size array of plain records that start as all-zero bytes, taken from
// the operating system's zero pages (zeroed_memory.hpp), so memory that is
// never written is never faulted in or cleared. For per-request tables sized for the
// worst case of which a run touches only part (an S2D read uses one of the
// sub-op records a three-way-mirrored write needs), this saves both the set-up
// time of clearing them and the resident memory.
// T must be trivially copyable and destructible, and its value-initialised
// state must be all-zero bytes (integers 0, false, doubles +0.0).
#pragma once

#include <cstddef>
#include <type_traits>

#include "sim/zeroed_memory.hpp"

namespace hcisim::sim {

template <class T>
class ZeroedArray {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                "ZeroedArray holds plain records only");

 public:
  // Replaces the contents with `count` all-zero records.
  void assign_zeroed(std::size_t count) {
    data_ = ZeroedMemory(count * sizeof(T));
    size_ = count;
  }
  // Implicit-lifetime records (C++20): usable as they are.
  T& operator[](std::size_t i) { return static_cast<T*>(data_.get())[i]; }
  const T& operator[](std::size_t i) const { return static_cast<const T*>(data_.get())[i]; }
  std::size_t size() const { return size_; }

 private:
  ZeroedMemory data_;
  std::size_t size_ = 0;
};

}  // namespace hcisim::sim
