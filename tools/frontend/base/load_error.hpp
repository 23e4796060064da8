// The one error type of the loading edge. Every message that reaches a user
// reads "FILE:LINE: key 'a.b.c': expected ..., got ..." (or, for problems that
// belong to no key, "FILE:LINE: ..."), so a user can jump straight to the spot.
#pragma once

#include <stdexcept>
#include <string>

namespace hcisim::frontend {

class LoadError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace hcisim::frontend
