// A fixed-size array of plain records that start as all-zero bytes, taken from
// allocate_zeroed() (page_allocator.hpp), so memory that is never written is
// never faulted in or cleared. For tables sized for a worst case of which a
// run touches only part, this saves both the time of clearing them and the
// resident memory.
// T must be trivially copyable and destructible, and its value-initialised
// state must be all-zero bytes (integers 0, false, doubles +0.0).
#pragma once

#include <cstddef>
#include <memory>
#include <type_traits>

#include "sim/page_allocator.hpp"

namespace hcisim::sim {

template <class T>
class ZeroedArray {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                "ZeroedArray holds plain records only");
  static_assert(alignof(T) <= kBlockAlignment, "ZeroedArray: records aligned beyond a cache line");

 public:
  // Replaces the contents with `count` all-zero records.
  void assign_zeroed(std::size_t count) {
    const std::size_t bytes = count * sizeof(T);
    data_ = std::unique_ptr<T, Free>(static_cast<T*>(allocate_zeroed(bytes)), Free{bytes});
    size_ = count;
  }
  // Implicit-lifetime records (C++20): usable as they are.
  T& operator[](std::size_t i) { return data_.get()[i]; }
  const T& operator[](std::size_t i) const { return data_.get()[i]; }
  std::size_t size() const { return size_; }

 private:
  struct Free {
    std::size_t bytes = 0;
    void operator()(T* p) const { free_zeroed(p, bytes); }
  };
  std::unique_ptr<T, Free> data_;
  std::size_t size_ = 0;
};

}  // namespace hcisim::sim
