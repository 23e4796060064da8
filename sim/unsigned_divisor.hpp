// Division of unsigned 64-bit values by a divisor fixed once, when a model is
// built: by a shift and a mask when the divisor is a power of two, as most
// sizes a model divides by are, else by the hardware's divide. The quotient and
// remainder are the same either way; a 64-bit divide takes 15-90 cycles, which
// matters where a chain of them runs at every event.
#pragma once

#include <cstdint>
#include <stdexcept>

namespace hcisim::sim {

class UnsignedDivisor {
 public:
  UnsignedDivisor() = default;  // by 1
  explicit UnsignedDivisor(std::uint64_t divisor) : divisor_(divisor) {
    if (divisor == 0) throw std::invalid_argument("UnsignedDivisor: division by zero");
    shift_ = (divisor & (divisor - 1)) == 0 ? __builtin_ctzll(divisor) : -1;
  }

  std::uint64_t divisor() const { return divisor_; }
  std::uint64_t quotient(std::uint64_t n) const { return shift_ >= 0 ? n >> shift_ : n / divisor_; }
  std::uint64_t remainder(std::uint64_t n) const { return shift_ >= 0 ? n & (divisor_ - 1) : n % divisor_; }

 private:
  std::uint64_t divisor_ = 1;
  int shift_ = 0;  // log2 of the divisor when it is a power of two, else -1
};

}  // namespace hcisim::sim
