# Command-line tests of users' own data in and out (tests/cli/userdata.sh).
foreach(case fio-json option-values plots compare-sets what-if progress-plain dry-run catalog-list calibrate-own)
  add_test(NAME cli_userdata_${case}
           COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/userdata.sh $<TARGET_FILE:hcisim> ${PROJECT_SOURCE_DIR} ${case})
  set_tests_properties(cli_userdata_${case} PROPERTIES PASS_REGULAR_EXPRESSION "PASS" TIMEOUT 600)
endforeach()
