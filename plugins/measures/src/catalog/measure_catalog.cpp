#include "catalog/measure_catalog.hpp"

#include "scoring/measure_functions.hpp"

namespace grk::measures {

namespace s = scoring;

const std::vector<MeasureDefinition>& measure_catalog() {
  static const std::vector<MeasureDefinition> catalog = {
      {"runid", ParamStyle::none, "", false, false, Summary::run_id, s::nothing},
      {"num_q", ParamStyle::none, "", true, false, Summary::query_count, s::num_q},
      {"num_ret", ParamStyle::none, "", true, true, Summary::sum, s::num_ret},
      {"num_rel", ParamStyle::none, "", true, true, Summary::sum, s::num_rel},
      {"num_rel_ret", ParamStyle::none, "", true, true, Summary::sum, s::num_rel_ret},
      {"map", ParamStyle::none, "", false, true, Summary::mean, s::map},
      {"gm_map", ParamStyle::none, "", false, false, Summary::geometric_mean, s::gm_map},
      {"Rprec", ParamStyle::none, "", false, true, Summary::mean, s::Rprec},
      {"bpref", ParamStyle::none, "", false, true, Summary::mean, s::bpref},
      {"recip_rank", ParamStyle::none, "", false, true, Summary::mean, s::recip_rank},
      {"iprec_at_recall", ParamStyle::fraction_cutoffs, "0.0,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1.0", false, true,
       Summary::mean, s::iprec_at_recall},
      {"P", ParamStyle::integer_cutoffs, "5,10,15,20,30,100,200,500,1000", false, true, Summary::mean, s::P},
      {"relstring", ParamStyle::numbers, "10", false, true, Summary::none, s::relstring},
      {"recall", ParamStyle::integer_cutoffs, "5,10,15,20,30,100,200,500,1000", false, true, Summary::mean, s::recall},
      {"infAP", ParamStyle::none, "", false, true, Summary::mean, s::infAP},
      {"gm_bpref", ParamStyle::none, "", false, false, Summary::geometric_mean, s::gm_bpref},
      {"Rprec_mult", ParamStyle::fraction_cutoffs, "0.2,0.4,0.6,0.8,1.0,1.2,1.4,1.6,1.8,2.0", false, true,
       Summary::mean, s::Rprec_mult},
      {"utility", ParamStyle::numbers, "1.0,-1.0,0.0,0.0", false, true, Summary::mean, s::utility},
      {"11pt_avg", ParamStyle::numbers, "0.0,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1.0", false, true, Summary::mean,
       s::eleven_pt_avg},
      {"binG", ParamStyle::none, "", false, true, Summary::mean, s::binG},
      {"G", ParamStyle::pairs, "", false, true, Summary::mean, s::G},
      {"ndcg", ParamStyle::pairs, "", false, true, Summary::mean, s::ndcg},
      {"ndcg_rel", ParamStyle::pairs, "", false, true, Summary::mean, s::ndcg_rel},
      {"Rndcg", ParamStyle::pairs, "", false, true, Summary::mean, s::Rndcg},
      {"ndcg_cut", ParamStyle::integer_cutoffs, "5,10,15,20,30,100,200,500,1000", false, true, Summary::mean,
       s::ndcg_cut},
      {"map_cut", ParamStyle::integer_cutoffs, "5,10,15,20,30,100,200,500,1000", false, true, Summary::mean,
       s::map_cut},
      {"relative_P", ParamStyle::integer_cutoffs, "5,10,15,20,30,100,200,500,1000", false, true, Summary::mean,
       s::relative_P},
      {"success", ParamStyle::integer_cutoffs, "1,5,10", false, true, Summary::mean, s::success},
      {"set_P", ParamStyle::none, "", false, true, Summary::mean, s::set_P},
      {"set_relative_P", ParamStyle::none, "", false, true, Summary::mean, s::set_relative_P},
      {"set_recall", ParamStyle::none, "", false, true, Summary::mean, s::set_recall},
      {"set_map", ParamStyle::none, "", false, true, Summary::mean, s::set_map},
      {"set_F", ParamStyle::numbers, "1.0", false, true, Summary::mean, s::set_F},
      {"num_nonrel_judged_ret", ParamStyle::none, "", true, true, Summary::sum, s::num_nonrel_judged_ret},
      {"rbp", ParamStyle::pairs, "", false, true, Summary::mean, s::rbp},
      {"rbp_resid", ParamStyle::pairs, "", false, true, Summary::mean, s::rbp_resid},
      {"unj", ParamStyle::integer_cutoffs, "5,10,20", false, true, Summary::mean, s::unj},
  };
  return catalog;
}

const std::vector<MeasureSet>& measure_sets() {
  static const std::vector<MeasureSet> sets = {
      {"official",
       {"runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec", "bpref", "recip_rank",
        "iprec_at_recall", "P"}},
      {"all_trec",
       {"runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec", "bpref", "recip_rank",
        "iprec_at_recall", "P", "relstring", "recall", "infAP", "gm_bpref", "utility", "11pt_avg", "ndcg",
        "relative_P", "Rprec_mult", "success", "map_cut", "ndcg_cut", "ndcg_rel", "Rndcg", "binG", "G", "set_P",
        "set_recall", "set_relative_P", "set_map", "set_F", "num_nonrel_judged_ret", "rbp", "rbp_resid", "unj"}},
      {"set",
       {"runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "utility", "set_P", "set_recall", "set_relative_P",
        "set_map", "set_F"}},
      {"beir",
       {"ndcg_cut.1,3,5,10,100,1000", "map_cut.1,3,5,10,100,1000", "recall.1,3,5,10,100,1000",
        "P.1,3,5,10,100,1000"}},
  };
  return sets;
}

bool added_in_10_0(std::string_view name) { return name == "rbp" || name == "rbp_resid" || name == "unj"; }

}  // namespace grk::measures
