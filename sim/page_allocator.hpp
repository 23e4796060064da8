// Memory for large tables written once at set-up (a cluster's request slots,
// a product's per-request records): allocate_pages() maps fresh zero pages
// from the operating system and, for 2 MiB or more, asks for transparent huge
// pages, so the first touch of each 2 MiB costs one page fault instead of 512
// (on a virtual machine a fault is dear: the 1,024-node cluster's tables are
// hundreds of MB). PageAllocator is a standard allocator on it for the blocks
// of 2 MiB or more, the heap below that. Under AddressSanitizer all of it is
// from the heap (calloc), so the sanitizer still guards these tables.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <new>

namespace hcisim::sim {

void* allocate_pages(std::size_t bytes);           // throws std::bad_alloc
void free_pages(void* p, std::size_t bytes);
constexpr std::size_t kPageAllocatorThreshold = std::size_t{2} << 20;

template <class T>
struct PageAllocator {
  using value_type = T;
  PageAllocator() = default;
  template <class U>
  PageAllocator(const PageAllocator<U>&) {}  // NOLINT: allocators convert implicitly

  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    if (bytes >= kPageAllocatorThreshold) return static_cast<T*>(allocate_pages(bytes));
    void* p = std::malloc(bytes);
    if (p == nullptr) throw std::bad_alloc();
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    if (bytes >= kPageAllocatorThreshold) {
      free_pages(p, bytes);
    } else {
      std::free(p);
    }
  }
  template <class U>
  bool operator==(const PageAllocator<U>&) const { return true; }
};

}  // namespace hcisim::sim
