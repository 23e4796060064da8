#include "sim/random.hpp"

namespace hcisim::sim {

namespace {
std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
}  // namespace

std::uint64_t stable_hash(std::string_view text) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : text) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  return h;
}

RandomStream::RandomStream(std::uint64_t seed, std::string_view name) {
  std::uint64_t state = seed;
  std::uint64_t mixed = splitmix64(state) ^ stable_hash(name);
  for (auto& word : s_) word = splitmix64(mixed);
}

}  // namespace hcisim::sim
