// All-zero memory for large tables that are written once, when a model is
// built. A block of 2 MiB or more is mapped straight from the operating system
// with the transparent-huge-page hint: pages never written are never faulted
// in or cleared, and the first touch of each 2 MiB costs one page fault instead
// of 512 (dear on a virtual machine, for tables of hundreds of MB). Smaller
// blocks, and every block under AddressSanitizer (so that its redzones still
// guard the tables), come from the heap, cleared. Every block starts on a
// cache line (kBlockAlignment), so records aligned to one stay so.
// PageAllocator is a standard allocator on it, for std::vector.
#pragma once

#include <cstddef>

#include "sim/cache_line.hpp"

namespace hcisim::sim {

constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;
constexpr std::size_t kBlockAlignment = kCacheLine;

// `bytes` of zeros (null for 0); throws std::bad_alloc. Freed with the same size.
void* allocate_zeroed(std::size_t bytes);
void free_zeroed(void* p, std::size_t bytes);

template <class T>
struct PageAllocator {
  static_assert(alignof(T) <= kBlockAlignment, "PageAllocator: records aligned beyond a cache line");
  using value_type = T;
  PageAllocator() = default;
  template <class U>
  PageAllocator(const PageAllocator<U>&) {}  // NOLINT: allocators convert implicitly

  T* allocate(std::size_t n) { return static_cast<T*>(allocate_zeroed(n * sizeof(T))); }
  void deallocate(T* p, std::size_t n) { free_zeroed(p, n * sizeof(T)); }
  template <class U>
  bool operator==(const PageAllocator<U>&) const {
    return true;
  }
};

}  // namespace hcisim::sim
