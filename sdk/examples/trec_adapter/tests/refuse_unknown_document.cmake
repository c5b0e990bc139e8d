# A relevant qrels row whose document is missing fails the step (exit 3)
# with the adapter's message, and the output folder is not created.
# -DGRK_EVAL= -DPLUGIN_DIR= -DDATA_DIR= -DWORK_DIR=
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
file(WRITE "${WORK_DIR}/qrels.txt" "301 0 FBIS3-10082 1\n301 0 FT911-1 1\n")
execute_process(
  COMMAND "${GRK_EVAL}" run --plugin-dir "${PLUGIN_DIR}" --component trec-to-groundkit
          --set "qrels=${WORK_DIR}/qrels.txt"
          --set "topics=${DATA_DIR}/topics.tsv"
          --set "documents=${DATA_DIR}/documents.jsonl"
          --set "output=${WORK_DIR}/dataset"
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 3)
  message(FATAL_ERROR "expected exit code 3, got ${status}\n${out}\n${err}")
endif()
set(want "${WORK_DIR}/qrels.txt:2: document 'FT911-1' is not in the documents file")
string(FIND "${out}${err}" "${want}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "the message lacks: ${want}\n${out}\n${err}")
endif()
if(EXISTS "${WORK_DIR}/dataset")
  message(FATAL_ERROR "the failed step created ${WORK_DIR}/dataset")
endif()
