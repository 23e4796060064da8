# Command-line tests of what a new user hit (issue 42 item 6; tests/cli/newuser.sh).
foreach(case validate-progress progress-setup did-you-mean fast-heading diskspd-echo bundled-no-warnings)
  add_test(NAME cli_newuser_${case}
           COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/newuser.sh $<TARGET_FILE:hcisim> ${PROJECT_SOURCE_DIR} ${case})
  set_tests_properties(cli_newuser_${case} PROPERTIES PASS_REGULAR_EXPRESSION "PASS" TIMEOUT 300)
endforeach()
