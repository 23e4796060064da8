// Quorum rules that decide whether a Storage Spaces Direct volume can stay
// online (mechanisms.md 1.8, seed-systems.md section 1, both [DOC]).
//
// Pool quorum has no dynamic quorum: every drive of the pool is a vote and the
// pool owner breaks ties. Example from the documentation: 16 drives with 2 of
// 4 nodes down leaves 8 + the owner = 9 of 16, so the pool stays online; one
// more failed drive on a survivor leaves 8 of 16 and the pool goes offline.
//
// Cluster quorum: each node is a vote, plus the witness when there is one; a
// majority must be up ("4 nodes + witness survive two node failures; 3 nodes
// do not survive two"). Dynamic cluster quorum (which can survive more
// failures when they come one by one) is not modelled: a conservative choice.
#pragma once

namespace hcisim::models {

// A majority of the drives, or exactly half with the pool owner (on some
// surviving node) breaking the tie. The documentation's "8 + owner = 9 of 16"
// is that tie; with an odd drive count there is no tie to break.
inline bool pool_has_quorum(int drives_up, int drives_in_pool) {
  return drives_up > 0 && 2 * drives_up >= drives_in_pool;
}

// The witness, when there is one, is assumed always reachable.
inline bool cluster_has_quorum(int nodes_up, int nodes, bool witness) {
  const int w = witness ? 1 : 0;
  return 2 * (nodes_up + w) > nodes + w;
}

}  // namespace hcisim::models
