# Command-line regression tests for the reliability reproducers (tests/cli/reliability.sh).
foreach(case tmp-symlink symlink-or-device concurrent-writers write-failure checked-before-run json-to-stdout
             usage-errors run-length-options no-io-is-an-error not-steady-warns terminal-escapes short-messages plot-links)
  add_test(NAME cli_reliability_${case}
           COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/reliability.sh $<TARGET_FILE:hcisim> ${PROJECT_SOURCE_DIR} ${case})
  set_tests_properties(cli_reliability_${case} PROPERTIES PASS_REGULAR_EXPRESSION "PASS" TIMEOUT 120)
endforeach()

# hcisim sweep: parallelism, resume, refused folders, MPI ranks, the SLO search (largest, smallest, none), ranges,
# --dry-run, --precision, the table on standard output, --fast without progress,
# options refused where they do nothing, inputs changed before a resume, foreign or FIFO point files, SLOs on
# figures the workload lacks, a million-point grid streamed (tests/cli/sweep.sh).
foreach(case jobs resume other-arguments mpi slo-littles-law plot ranges dry-run refused precision
             inputs-changed foreign-points fifo-point slo-absent streamed smallest largest none table fast-quiet)
  add_test(NAME cli_sweep_${case}
           COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/sweep.sh $<TARGET_FILE:hcisim> ${PROJECT_SOURCE_DIR} ${case})
  set_tests_properties(cli_sweep_${case} PROPERTIES PASS_REGULAR_EXPRESSION "PASS" SKIP_REGULAR_EXPRESSION "SKIP"
                       TIMEOUT 300)
endforeach()

# hcisim run: what --fast cannot give or --dry-run does not write is refused, what the fast path does
# not estimate is null (tests/cli/fast_outputs.sh).
add_test(NAME cli_fast_outputs COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/fast_outputs.sh $<TARGET_FILE:hcisim> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli_fast_outputs PROPERTIES PASS_REGULAR_EXPRESSION "PASS" TIMEOUT 60)

# tools/bench/paired_speed.sh: the paired speed runs docs/speed.md uses (tests/cli/paired_speed.sh).
add_test(NAME cli_paired_speed COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/paired_speed.sh $<TARGET_FILE:hcisim> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli_paired_speed PROPERTIES PASS_REGULAR_EXPRESSION "PASS" TIMEOUT 60)
