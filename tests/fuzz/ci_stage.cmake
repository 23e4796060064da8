# The CI's sanitizer and fuzzing stage, run by the README's test command: one
# ctest test that builds the project with clang under ASan + UBSan in
# build/sanitize, runs the whole suite there and fuzzes each target for
# HCISIM_CI_FUZZ_SECONDS. On by default when the environment has CI set (as
# .ci/run has); -DHCISIM_CI_SANITIZERS=ON runs it anywhere. About 27 minutes on 2 cores (the
# sanitized build and the suite under the sanitizers take most of it).
if(DEFINED ENV{CI} AND NOT "$ENV{CI}" STREQUAL "" AND NOT "$ENV{CI}" STREQUAL "false")
  set(hcisim_ci_default ON)
else()
  set(hcisim_ci_default OFF)
endif()
option(HCISIM_CI_SANITIZERS "Add the sanitizer + fuzz stage to ctest" ${hcisim_ci_default})
set(HCISIM_CI_FUZZ_SECONDS 20 CACHE STRING "Seconds each fuzz target runs in the CI stage")

if(HCISIM_CI_SANITIZERS AND NOT HCISIM_SANITIZE AND NOT HCISIM_FUZZ)
  add_test(NAME sanitizer_and_fuzz_stage
           COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/ci_stage.sh ${PROJECT_SOURCE_DIR} ${CMAKE_BINARY_DIR}/sanitize
                   ${HCISIM_CI_FUZZ_SECONDS})
  set_tests_properties(sanitizer_and_fuzz_stage PROPERTIES TIMEOUT 2400)
endif()
