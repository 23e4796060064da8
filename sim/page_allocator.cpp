#include "sim/page_allocator.hpp"

#include <sys/mman.h>

namespace hcisim::sim {

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

}  // namespace hcisim::sim
