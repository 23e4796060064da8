// The message of the LoadError a callable throws, or "" if it throws none.
#pragma once

#include <string>

#include "tools/frontend/base/load_error.hpp"

namespace hcisim::frontend::testing {

template <class F>
std::string load_error_of(F f) {
  try {
    f();
  } catch (const LoadError& e) {
    return e.what();
  }
  return "";
}

}  // namespace hcisim::frontend::testing
