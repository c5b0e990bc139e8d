# Runs trec-to-groundkit through grk-eval on data/ and compares every file it
# writes with expected/, byte for byte.
# -DGRK_EVAL= -DPLUGIN_DIR= -DDATA_DIR= -DEXPECTED_DIR= -DWORK_DIR=
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
execute_process(
  COMMAND "${GRK_EVAL}" run --plugin-dir "${PLUGIN_DIR}" --component trec-to-groundkit
          --set "qrels=${DATA_DIR}/qrels.txt"
          --set "topics=${DATA_DIR}/topics.tsv"
          --set "documents=${DATA_DIR}/documents.jsonl"
          --set "output=${WORK_DIR}/dataset"
          --set "query_id_prefix=robust04-"
          --output "${WORK_DIR}/results.json"
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "grk-eval exited with ${status}\n${out}\n${err}")
endif()
if(NOT out MATCHES "4 documents, 2 queries, 4 relevant pairs -> ")
  message(FATAL_ERROR "unexpected summary:\n${out}")
endif()

file(GLOB_RECURSE expected RELATIVE "${EXPECTED_DIR}" "${EXPECTED_DIR}/*")
file(GLOB_RECURSE written RELATIVE "${WORK_DIR}/dataset" "${WORK_DIR}/dataset/*")
list(SORT expected)
list(SORT written)
if(NOT expected STREQUAL written)
  message(FATAL_ERROR "written files differ\nexpected: ${expected}\nwritten:  ${written}")
endif()
foreach(name IN LISTS expected)
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files
                          "${EXPECTED_DIR}/${name}" "${WORK_DIR}/dataset/${name}"
                  RESULT_VARIABLE differ)
  if(differ)
    message(FATAL_ERROR "${name} differs from ${EXPECTED_DIR}/${name}")
  endif()
endforeach()

# The results document carries the adapter's report as the step's result.
file(READ "${WORK_DIR}/results.json" results)
string(JSON report GET "${results}" steps 0 result)
foreach(pair document_count=4 query_count=2 relevance_pair_count=4 topics_without_relevant=1)
  string(REPLACE "=" ";" pair "${pair}")
  list(GET pair 0 key)
  list(GET pair 1 want)
  string(JSON got GET "${report}" ${key})
  if(NOT got EQUAL want)
    message(FATAL_ERROR "result ${key} is ${got}, expected ${want}\n${report}")
  endif()
endforeach()
