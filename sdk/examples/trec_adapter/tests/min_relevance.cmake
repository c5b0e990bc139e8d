# min_relevance=2 keeps only grade-2 rows, and without a prefix the query ids
# are the topic ids.
# -DGRK_EVAL= -DPLUGIN_DIR= -DDATA_DIR= -DEXPECTED= -DWORK_DIR=
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
execute_process(
  COMMAND "${GRK_EVAL}" run --plugin-dir "${PLUGIN_DIR}" --component trec-to-groundkit
          --set "qrels=${DATA_DIR}/qrels.txt"
          --set "topics=${DATA_DIR}/topics.tsv"
          --set "documents=${DATA_DIR}/documents.jsonl"
          --set "output=${WORK_DIR}/dataset"
          --set min_relevance=2
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "grk-eval exited with ${status}\n${out}\n${err}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${EXPECTED}" "${WORK_DIR}/dataset/judgments.jsonl"
                RESULT_VARIABLE differ)
if(differ)
  file(READ "${WORK_DIR}/dataset/judgments.jsonl" got)
  message(FATAL_ERROR "judgments.jsonl differs from ${EXPECTED}:\n${got}")
endif()
string(JSON pairs GET "${out}" steps 0 result relevance_pair_count)
if(NOT pairs EQUAL 1)
  message(FATAL_ERROR "relevance_pair_count is ${pairs}, expected 1")
endif()
