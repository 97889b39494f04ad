// Original file: credentials/issuance/v1/issuance.proto


export interface BadgeResultDescriptionInput {
  'id'?: (string);
  'name'?: (string);
  'result_type'?: (string);
  'allowed_values'?: (string)[];
  'required_value'?: (string);
  'value_min'?: (string);
  'value_max'?: (string);
  '_id'?: "id";
  '_required_value'?: "required_value";
  '_value_min'?: "value_min";
  '_value_max'?: "value_max";
}

export interface BadgeResultDescriptionInput__Output {
  'id'?: (string);
  'name': (string);
  'result_type': (string);
  'allowed_values': (string)[];
  'required_value'?: (string);
  'value_min'?: (string);
  'value_max'?: (string);
  '_id'?: "id";
  '_required_value'?: "required_value";
  '_value_min'?: "value_min";
  '_value_max'?: "value_max";
}
