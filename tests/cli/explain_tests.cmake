# Command-line tests of `hcisim explain` (tests/cli/explain.sh).
foreach(case sections json usage)
  add_test(NAME cli_explain_${case}
           COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/explain.sh $<TARGET_FILE:hcisim> ${PROJECT_SOURCE_DIR} ${case})
  set_tests_properties(cli_explain_${case} PROPERTIES PASS_REGULAR_EXPRESSION "PASS" TIMEOUT 120)
endforeach()
