// The nodes of a cluster ordered by how many extent copies they hold, for
// least-used placement: take_least() removes the node with the smallest
// (count, key, node), put() returns a node with its new count and a new key
// (a seeded random number, so ties between equally used nodes fall at random).
//
// While every node comes back with one more than it left with (placement
// only), the counts of the waiting nodes differ by at most one: the lower
// level is kept sorted by key and taken from the front, the upper one is
// collected unsorted and sorted once the lower runs out (each node passes
// through each level once; the keys are uniform random, so a distribution by
// their top bits and an insertion sort sort a level in O(nodes) expected: O(1)
// per node taken, amortised; a node taken before the level turned and put back
// at the new lower count is inserted in order, O(nodes), at most copies - 1
// times a turn).
// allow_any_count() (a copy was moved to another node, so a count jumped)
// turns it into a binary heap of (count, key, node): O(log nodes) each way.
// Either way the same node comes out: the order is that of (count, key, node).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hcisim::models {

class NodesByUse {
 public:
  // Every node at count 0, node n with keys[n].
  explicit NodesByUse(const std::vector<std::uint64_t>& keys);

  // Removes the least-used node (some node must be waiting) and returns it.
  int take_least();
  // Puts a taken node back at `count`, with a new `key`. Until
  // allow_any_count(), `count` must be the count it was taken at plus one.
  void put(int node, std::uint64_t count, std::uint64_t key);
  // From now on put() takes any count.
  void allow_any_count();

 private:
  struct Keyed {
    std::uint64_t key;
    int node;
    bool operator<(const Keyed& o) const { return key != o.key ? key < o.key : node < o.node; }
  };
  struct Counted {
    std::uint64_t count;
    Keyed keyed;
  };
  // std:: heaps keep the largest on top: "larger" is later, so the least-used is on top.
  struct Later {
    bool operator()(const Counted& a, const Counted& b) const {
      return a.count != b.count ? a.count > b.count : b.keyed < a.keyed;
    }
  };

  // Sorts `level` by (key, node): O(n) expected for uniform keys, O(n^2) at worst.
  void sort_level(std::vector<Keyed>& level);

  bool levels_ = true;
  std::uint64_t lower_count_ = 0;
  std::vector<Keyed> lower_;  // sorted; [lower_head_, end) waiting
  std::size_t lower_head_ = 0;
  std::vector<Keyed> upper_;            // at lower_count_ + 1, unsorted
  std::vector<Counted> heap_;           // once levels_ is false
  std::vector<Keyed> scratch_;          // sort_level's
  std::vector<std::uint32_t> buckets_;  // sort_level's
};

}  // namespace hcisim::models
