// The Markov chains of one volume's redundancy on a cluster (see durability.hpp
// for the assumptions). Nodes are interchangeable, so a state is the number of
// nodes in each condition:
//   healthy        every copy the node holds is current
//   drives lost j  j of its drives failed, their data is being rebuilt (1 <= j <= copies per node)
//   down           the node is out; the copies it holds go stale as writes continue
//   resyncing      back up, catching up on the regions written while it was away
//   down, current  down while the volume is offline: nothing was written since
//                  it left, so it holds the last current copies (loss chain only)
// A node is "full" (all its copies of some slab unusable) when it is down,
// resyncing, down-current or has lost copies-per-node drives.
#pragma once

#include <vector>

#include "models/failure/ctmc.hpp"
#include "models/failure/durability_inputs.hpp"

namespace hcisim::models {

// Index of each condition in a state's count vector, for copies_per_node = m.
struct NodeConditions {
  int m = 1;
  int healthy() const { return 0; }
  int drives_lost(int j) const { return j; }  // 1 <= j <= m
  int down() const { return m + 1; }
  int resyncing() const { return m + 2; }
  int down_current() const { return m + 3; }
  int count() const { return m + 4; }
  bool full(int condition) const { return condition >= m && condition != healthy(); }
};

struct RedundancyChain {
  Ctmc chain;
  NodeConditions conditions;
  std::vector<std::vector<int>> states;  // nodes per condition; state 0 = every node healthy
};

// Throws std::invalid_argument naming the bad input.
void validate(const DurabilityInputs& inputs);

// Transient states = data not lost; absorption = data loss.
RedundancyChain build_data_loss_chain(const DurabilityInputs& inputs);

// Every node fails and is repaired independently, for ever (no absorption):
// the outage process behind availability.
RedundancyChain build_outage_chain(const DurabilityInputs& inputs);

}  // namespace hcisim::models
