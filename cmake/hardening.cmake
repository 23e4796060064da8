# Sanitizer and fuzzing builds (see docs/testing-and-fuzzing.md and docs/limits.md).
#   -DHCISIM_SANITIZE=ON  ASan + UBSan (+ float-cast-overflow), every error fatal
#   -DHCISIM_FUZZ=ON      libFuzzer targets in tests/fuzz (needs clang; implies coverage
#                         instrumentation of the libraries they call)
# Both are meant for a separate build tree configured with clang++, e.g.
#   cmake -S . -B build-fuzz -DCMAKE_CXX_COMPILER=clang++ -DHCISIM_SANITIZE=ON -DHCISIM_FUZZ=ON
option(HCISIM_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(HCISIM_FUZZ "Build the libFuzzer targets (clang only)" OFF)

if(HCISIM_SANITIZE)
  set(hcisim_sanitizers -fsanitize=address,undefined,float-cast-overflow -fno-sanitize-recover=all
                        -fno-omit-frame-pointer)
  add_compile_options(${hcisim_sanitizers})
  add_link_options(${hcisim_sanitizers})
endif()

if(HCISIM_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "HCISIM_FUZZ needs clang++ (libFuzzer): -DCMAKE_CXX_COMPILER=clang++")
  endif()
  # Coverage feedback from all project code; the fuzz targets link libFuzzer's main.
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()
