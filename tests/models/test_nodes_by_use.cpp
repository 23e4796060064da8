// NodesByUse: the least-used node by (count, key, node), against a plain
// ordered set of the same triples: placement-shaped use (take `copies`, put
// them back one higher), then counts that jump after allow_any_count().
#include <catch2/catch.hpp>

#include <cstdint>
#include <set>
#include <tuple>
#include <vector>

#include "models/placement/nodes_by_use.hpp"
#include "sim/random.hpp"

using hcisim::models::NodesByUse;
using hcisim::sim::RandomStream;

namespace {

using Triple = std::tuple<std::uint64_t, std::uint64_t, int>;  // count, key, node

struct Reference {
  std::set<Triple> waiting;
  int take_least() {
    const Triple least = *waiting.begin();
    waiting.erase(waiting.begin());
    return std::get<2>(least);
  }
};

// Keys from a small range make ties of (count, key) common, so the node decides too.
std::uint64_t draw_key(RandomStream& rng, bool small) { return small ? rng.uniform_index(4) : rng.next_u64(); }

// Takes `copies` nodes from both, which must agree.
void take_row(NodesByUse& by_use, Reference& ref, int copies, std::vector<int>& chosen) {
  chosen.clear();
  for (int c = 0; c < copies; ++c) {
    const int node = by_use.take_least();
    REQUIRE(node == ref.take_least());
    chosen.push_back(node);
  }
}

void run_placement(int nodes, int copies, int rows, bool small_keys) {
  RandomStream rng(static_cast<std::uint64_t>(nodes * 31 + copies), "nodes-by-use");
  std::vector<std::uint64_t> keys;
  Reference ref;
  for (int n = 0; n < nodes; ++n) {
    keys.push_back(draw_key(rng, small_keys));
    ref.waiting.insert(Triple{0, keys.back(), n});
  }
  NodesByUse by_use(keys);
  std::vector<std::uint64_t> count(static_cast<std::size_t>(nodes), 0);
  std::vector<int> chosen;
  for (int row = 0; row < rows; ++row) {
    take_row(by_use, ref, copies, chosen);
    for (const int node : chosen) {
      const std::uint64_t key = draw_key(rng, small_keys);
      const std::uint64_t now = ++count[static_cast<std::size_t>(node)];
      by_use.put(node, now, key);
      ref.waiting.insert(Triple{now, key, node});
    }
  }
  // A relocation: counts jump (down and up); any count is taken from now on.
  by_use.allow_any_count();
  for (int row = 0; row < rows; ++row) {
    take_row(by_use, ref, copies, chosen);
    for (const int node : chosen) {
      const std::uint64_t key = draw_key(rng, small_keys);
      const std::uint64_t now = rng.uniform_index(3 + static_cast<std::uint64_t>(row));
      by_use.put(node, now, key);
      ref.waiting.insert(Triple{now, key, node});
    }
  }
}

}  // namespace

TEST_CASE("nodes by use: the same order as (count, key, node), through level turns and after counts jump", "[layout]") {
  for (const bool small_keys : {false, true}) {
    run_placement(3, 3, 200, small_keys);  // every node taken in every row
    run_placement(4, 3, 500, small_keys);  // a level turns inside most rows
    run_placement(5, 2, 500, small_keys);
    run_placement(64, 3, 2000, small_keys);
    run_placement(300, 3, 5000, small_keys);  // levels sorted by their keys' top bits
    run_placement(1024, 2, 6000, small_keys);
    run_placement(7, 1, 300, small_keys);
  }
}

TEST_CASE("nodes by use: a node back at a count placement cannot produce is a logic error", "[layout]") {
  NodesByUse by_use({5, 6, 7});
  const int node = by_use.take_least();
  CHECK(node == 0);
  CHECK_THROWS_AS(by_use.put(node, 3, 1), std::logic_error);
  by_use.allow_any_count();
  by_use.put(node, 3, 1);
  CHECK(by_use.take_least() == 1);
  CHECK(by_use.take_least() == 2);
  CHECK(by_use.take_least() == 0);
  CHECK_THROWS_AS(by_use.take_least(), std::logic_error);
}
