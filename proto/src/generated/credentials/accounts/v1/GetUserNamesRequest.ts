// Original file: credentials/accounts/v1/accounts.proto


export interface GetUserNamesRequest {
  'user_ids'?: (string)[];
}

export interface GetUserNamesRequest__Output {
  'user_ids': (string)[];
}
