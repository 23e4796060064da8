#include "sim/page_allocator.hpp"

#include <cstdlib>

#include <sys/mman.h>

namespace hcisim::sim {

// Under AddressSanitizer the blocks come from calloc, so its redzones still
// guard the tables (it does not watch memory mapped outside its allocator).
#if defined(__SANITIZE_ADDRESS__)
#define HCISIM_ADDRESS_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HCISIM_ADDRESS_SANITIZER 1
#endif
#endif

#if defined(HCISIM_ADDRESS_SANITIZER)
void* allocate_pages(std::size_t bytes) {
  void* p = std::calloc(1, bytes);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

void free_pages(void* p, std::size_t) { std::free(p); }
#else
void* allocate_pages(std::size_t bytes) {
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
  // A hint: where the kernel has no huge pages to give, small ones serve.
  if (bytes >= kPageAllocatorThreshold) madvise(p, bytes, MADV_HUGEPAGE);
#endif
  return p;
}

void free_pages(void* p, std::size_t bytes) {
  if (p != nullptr) munmap(p, bytes);
}
#endif

}  // namespace hcisim::sim
